// Live game page: follows the game's Server-Sent Events stream
// (/api/v1/games/{id}/stream) and, on each event, re-fetches the board
// fragment the server renders (/games/{id}/live): no chess in JavaScript.
// Between events the running clock counts down here.
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

  var live = document.getElementById("live");
  if (!live || !window.EventSource || !window.fetch) { return; }
  var game = live.getAttribute("data-game");
  var lang = live.getAttribute("data-lang");
  var busy = false, again = false;

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch("/games/" + encodeURIComponent(game) + "/live?lang=" + encodeURIComponent(lang),
      { cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var fresh = holder.querySelector("#live");
          var current = document.getElementById("live");
          if (fresh && current) {
            current.parentNode.replaceChild(fresh, current);
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
  }

  var after = live.getAttribute("data-seq") || "0";
  var source = new EventSource("/api/v1/games/" + encodeURIComponent(game) + "/stream?after=" + after);
  for (var i = 0; i < TYPES.length; i++) { source.addEventListener(TYPES[i], refresh); }
  document.documentElement.setAttribute("data-live", "connected");
})();
