// wolfjudge's one script: the live update of a game's page and the replay's slider. The
// pages work without it (day tabs and replay steps are links); it only adds these.
(function () {
  "use strict";

  // Live: ask the bot every few seconds whether the game said something new; if it did,
  // fetch the page again and put its live part in place of this one.
  var live = document.getElementById("live");
  var heard = document.getElementById("heard");
  function poll() {
    if (!live) { return; }
    fetch(live.getAttribute("data-live"), { cache: "no-store" })
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
      .then(function (l) {
        if (heard) { heard.textContent = new Date().toLocaleString(); }
        if (String(l.version) === live.getAttribute("data-version")) { return null; }
        return fetch(location.href, { cache: "no-store" })
          .then(function (r) { return r.text(); })
          .then(function (html) {
            var doc = new DOMParser().parseFromString(html, "text/html");
            var fresh = doc.getElementById("live");
            if (fresh) { live.replaceWith(fresh); live = fresh; }
          });
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { setTimeout(poll, 3000); });
  }
  if (live) { setTimeout(poll, 3000); }

  // Replay: a slider over every step, the table redrawn at each, without a reload.
  var replay = document.getElementById("replay");
  if (!replay) { return; }
  fetch(replay.getAttribute("data-replay"))
    .then(function (r) { return r.json(); })
    .then(function (steps) {
      if (!steps.length) { return; }
      var slider = document.createElement("input");
      slider.type = "range";
      slider.id = "replay-slider";
      slider.min = "1";
      slider.max = String(steps.length);
      slider.value = replay.getAttribute("data-step") || "1";
      slider.setAttribute("aria-label", document.getElementById("replay-h").textContent);
      replay.querySelector(".steps").after(slider);
      var at = document.getElementById("replay-at");
      var time = document.getElementById("replay-time");
      var phase = document.getElementById("replay-phase");
      var text = document.getElementById("replay-text");
      var body = document.querySelector("#replay-table tbody");
      var prev = document.getElementById("replay-prev");
      var next = document.getElementById("replay-next");
      function cell(tr, value) {
        var td = document.createElement("td");
        td.textContent = value || "";
        tr.appendChild(td);
        return td;
      }
      function draw(i) {
        var s = steps[i - 1];
        slider.value = String(i);
        at.textContent = i + " / " + steps.length;
        time.textContent = s.at;
        phase.textContent = s.phase;
        text.textContent = "";
        s.text.split("\n").forEach(function (line) {
          var p = document.createElement("p");
          p.textContent = line.replace(/\*\*|~~/g, "");
          text.appendChild(p);
        });
        body.textContent = "";
        s.table.forEach(function (c) {
          var tr = document.createElement("tr");
          tr.className = c.alive ? "alive" : "out";
          cell(tr, c.name).className = "name";
          cell(tr, c.role);
          cell(tr, c.out || (c.alive ? "✓" : ""));
          body.appendChild(tr);
        });
      }
      slider.addEventListener("input", function () { draw(Number(slider.value)); });
      function step(by) {
        return function (ev) {
          ev.preventDefault();
          var i = Math.min(steps.length, Math.max(1, Number(slider.value) + by));
          draw(i);
        };
      }
      if (prev) { prev.addEventListener("click", step(-1)); }
      if (next) { next.addEventListener("click", step(1)); }
    })
    .catch(function () { /* the links still step */ });
})();
