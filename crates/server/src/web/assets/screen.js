// Hall screens (?screen): the page moves on by itself to the next after the
// seconds the server names (<body data-next data-seconds>). Any key or a tap
// pauses and resumes the rotation (WCAG 2.2.1: a reader can stop a timed
// change). Without JavaScript a <noscript> refresh moves on instead.
(function () {
  "use strict";
  var body = document.body;
  var next = body.getAttribute("data-next");
  var seconds = parseInt(body.getAttribute("data-seconds"), 10);
  if (!next || !(seconds > 0)) return;
  var timer = null;
  function arm() {
    timer = setTimeout(function () { location.assign(next); }, seconds * 1000);
  }
  function toggle() {
    if (timer === null) {
      arm();
      body.classList.remove("paused");
    } else {
      clearTimeout(timer);
      timer = null;
      body.classList.add("paused");
    }
  }
  document.addEventListener("keydown", toggle);
  document.addEventListener("click", toggle);
  arm();
})();
