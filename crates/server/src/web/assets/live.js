// Live pages. A game page follows the game's Server-Sent Events stream
// (/api/v1/games/{id}/stream) and, on each event, re-fetches the board
// fragment the server renders (/games/{id}/live); a round page follows the
// round's change notices (/t/{id}/rounds/{n}/stream) and re-fetches its
// pairings and small boards (/t/{id}/rounds/{n}/live): no chess in
// JavaScript. Between events the running clock counts down here.
(function () {
  "use strict";
  var TYPES = ["start", "move", "press", "touch", "adjust", "claim_touch_move",
    "offer_draw", "accept_draw", "decline_draw", "claim_draw", "resign", "flag",
    "both_flags_down", "declare_illegal", "adjust_clock", "stop_clocks",
    "start_clocks", "penalise", "refuse", "declare_result", "colours_reversed",
    "annul", "seal", "resume", "arrive", "declare_perpetual_check", "message"];

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function format(ms) {
    var neg = ms < 0;
    var s = Math.floor(Math.abs(ms) / 1000);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    var text = (h > 0 ? h + ":" + pad(m) : m) + ":" + pad(s % 60);
    return neg ? "-" + text : text;
  }

  var loadedAt = Date.now();
  function tick() {
    var clocks = document.querySelectorAll(".clock.running .time[data-ms]");
    for (var i = 0; i < clocks.length; i++) {
      var ms = parseInt(clocks[i].getAttribute("data-ms"), 10) - (Date.now() - loadedAt);
      clocks[i].textContent = format(ms);
    }
  }
  setInterval(tick, 1000);

  // Re-fetches the server-rendered fragment `url` and swaps it for the
  // element `id` (one fetch at a time; changes meanwhile fetch once more).
  function follower(id, url) {
    var busy = false, again = false;
    return function refresh() {
      if (busy) { again = true; return; }
      busy = true;
      fetch(url, { cache: "no-store" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html) {
            var holder = document.createElement("div");
            holder.innerHTML = html;
            var fresh = holder.querySelector("#" + id);
            var current = document.getElementById(id);
            if (fresh && current) {
              var list = current.querySelector("ol.moves");
              var following = !list || list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
              var kept = list ? list.scrollTop : 0;
              current.parentNode.replaceChild(fresh, current);
              var moves = fresh.querySelector("ol.moves");
              if (moves) { moves.scrollTop = following ? moves.scrollHeight : kept; }
              loadedAt = Date.now();
              tick();
            }
          }
        })
        .catch(function () {})
        .then(function () {
          busy = false;
          if (again) { again = false; refresh(); }
        });
    };
  }

  if (!window.EventSource || !window.fetch) { return; }

  // A game page: every event of the game's stream redraws the board.
  var live = document.getElementById("live");
  if (live) {
    // The list of moves opens at the latest move.
    var list = live.querySelector("ol.moves");
    if (list) { list.scrollTop = list.scrollHeight; }
    var game = live.getAttribute("data-game");
    var lang = live.getAttribute("data-lang");
    var refresh = follower("live", "/games/" + encodeURIComponent(game) + "/live?lang=" +
      encodeURIComponent(lang));
    var after = live.getAttribute("data-seq") || "0";
    var source = new EventSource("/api/v1/games/" + encodeURIComponent(game) + "/stream?after=" + after);
    for (var i = 0; i < TYPES.length; i++) { source.addEventListener(TYPES[i], refresh); }
    document.documentElement.setAttribute("data-live", "connected");
  }

  // A round page: one stream of change notices for all its boards and
  // results (a browser opens few connections to one server); each notice,
  // and each (re)connection, re-reads the round's live part.
  var round = document.getElementById("round-live");
  if (round) {
    var again = follower("round-live", round.getAttribute("data-fragment"));
    var notices = new EventSource(round.getAttribute("data-stream"));
    notices.addEventListener("change", again);
    notices.addEventListener("open", function () {
      again();
      document.documentElement.setAttribute("data-live", "connected");
    });
  }
})();
