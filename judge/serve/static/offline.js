// judge serve on a phone without the network: registers the service worker (/sw.js), asks it to
// keep the chosen game's reader bundle, says in the footer what is kept, gives every ruling form
// its own UUID (the same ruling sent twice is stored once), and sends the rulings kept on this
// phone while the station could not be reached, with the access code and a fresh CSRF token, as
// an online post. Without this file (JavaScript off) nothing is kept and the station works online.
(function () {
  "use strict";
  var J = window.JudgeOffline;
  var status = document.getElementById("offline-status");

  function say(text) { if (status) { status.textContent = text; status.hidden = false; } }

  // Browsers run service workers only on a secure address: https://, or the station's own
  // machine (localhost). Over plain http:// on the venue's network nothing can be kept.
  if (!window.isSecureContext) {
    say("Nothing is kept on this phone for offline use: browsers allow it only over https:// (this address is " +
        window.location.protocol + "//). The station works online as ever.");
    return;
  }
  if (!J || !("serviceWorker" in navigator) || !window.indexedDB || !window.crypto || !crypto.randomUUID) {
    say("Nothing is kept on this phone for offline use: this browser cannot keep pages.");
    return;
  }
  var QUEUE_HEADER = "x-judge-queue";

  function chosenGame() {
    var picker = document.getElementById("game-choice");
    return picker ? picker.value : "all";
  }

  // -- the bundle ----------------------------------------------------------------------------
  navigator.serviceWorker.addEventListener("message", function (event) {
    var m = event.data || {};
    if (m.type === "kept") {
      var editions = Object.keys(m.editions).map(function (d) { return d + " " + m.editions[d]; }).join(", ");
      say("Kept on this phone for offline reading: " + m.title + " (" + editions + "), " + m.built + ".");
      if (status) { status.setAttribute("data-kept", m.version); }
    } else if (m.type === "failed") {
      say("Nothing new is kept offline: " + m.reason + ".");
    }
  });

  // A new version of the worker took over (new code or data): it is asked for the game again.
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (navigator.serviceWorker.controller) { navigator.serviceWorker.controller.postMessage({ type: "keep", game: chosenGame() }); }
  });

  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    if (registration.active) { registration.active.postMessage({ type: "keep", game: chosenGame() }); }
  }).catch(function (error) { say("Nothing is kept offline: " + error.message); });

  // -- ruling forms ----------------------------------------------------------------------------
  Array.prototype.forEach.call(document.querySelectorAll("form#log-form"), function (form) {
    if (!form.querySelector("input[name=key]")) {
      var key = document.createElement("input");
      key.type = "hidden";
      key.name = "key";
      key.value = crypto.randomUUID();
      form.appendChild(key);
    }
  });

  // -- rulings kept on this phone ---------------------------------------------------------------
  function showQueue(items) {
    var box = document.getElementById("offline-queue");
    var open = items.filter(function (i) { return i.state !== "sent"; });
    var sent = items.filter(function (i) { return i.state === "sent"; });
    if (!open.length && !sent.length) { if (box) { box.remove(); } return; }
    if (!box) {
      box = document.createElement("section");
      box.id = "offline-queue";
      box.className = "offline-queue";
      var main = document.querySelector("main");
      if (!main) { return; }
      main.insertBefore(box, main.firstChild);
    }
    var html = "<h2>Rulings kept on this phone</h2><ul class=\"list\">";
    open.concat(sent).forEach(function (i) {
      var state = i.state === "waiting" ? "waiting to send" : i.state === "sent" ? "sent" : "not taken by the station: " + i.reason;
      html += '<li class="kept-ruling kept-' + J.esc(i.state) + '" data-key="' + J.esc(i.key) + '"><span class="kept-state">' + J.esc(state) + "</span> " +
        (i.url ? '<a href="' + J.esc(i.url) + '">' + J.esc(J.snippet(i.fields.answer, 80)) + "</a>" : J.esc(J.snippet(i.fields.answer, 80))) +
        (i.state === "refused" ? ' <button type="button" class="kept-edit" data-key="' + J.esc(i.key) + '">Correct it</button>' +
          ' <button type="button" class="kept-drop" data-key="' + J.esc(i.key) + '">Drop</button>' : "") + "</li>";
    });
    box.innerHTML = html + "</ul>";
  }

  // A ruling the station refused: its text goes back into this page's form (or the log form's
  // page) for the judge to correct and send; it stays kept until the judge drops it.
  document.addEventListener("click", function (event) {
    var key = event.target && event.target.getAttribute && event.target.getAttribute("data-key");
    if (!key) { return; }
    if (event.target.classList.contains("kept-drop")) { J.queue.remove(key).then(refresh); return; }
    if (!event.target.classList.contains("kept-edit")) { return; }
    J.queue.all().then(function (items) {
      var item = items.filter(function (i) { return i.key === key; })[0], form = document.getElementById("log-form");
      if (!item) { return; }
      if (!form) { window.location.href = "/log/new"; return; }
      ["question", "answer", "cites", "table", "judge", "event", "code"].forEach(function (name) {
        var field = form.querySelector("[name=" + name + "]");
        if (field && item.fields[name]) { field.value = item.fields[name]; }
      });
      form.scrollIntoView();
    });
  });

  function refresh() { return J.queue.all().then(showQueue); }

  // A fresh CSRF token for this browser's session (the one the ruling was typed under may be gone).
  function freshForm() {
    return fetch("/log/new", { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var token = doc.querySelector("#log-form input[name=csrf]");
      if (!token) { throw new Error("no form"); }
      return { csrf: token.value, needsCode: !!doc.querySelector("#log-form input[name=code]") };
    });
  }

  function send(item, form) {
    var body = new URLSearchParams();
    body.set("csrf", form.csrf);
    body.set("key", item.key);
    ["question", "answer", "cites", "table", "judge", "event"].forEach(function (n) { body.set(n, item.fields[n] || ""); });
    if (form.needsCode) { body.set("code", item.fields.code || ""); }
    var headers = {};
    headers[QUEUE_HEADER] = "1";
    return fetch("/log", { method: "POST", body: body, credentials: "same-origin", headers: headers }).then(function (r) {
      if (r.ok && /^\/log\/\d+$/.test(new URL(r.url).pathname)) {
        item.state = "sent";
        item.url = new URL(r.url).pathname;
        delete item.fields.code;
        return J.queue.put(item).then(function () { return true; });
      }
      if (r.status >= 400 && r.status < 500 && r.status !== 408 && r.status !== 429) {
        return r.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          // the form's own error, else the error page's message (each page says why in one place)
          var why = doc.querySelector("#log-form-error") || doc.querySelector("main .error") || doc.querySelector("main h1");
          item.state = "refused";
          item.reason = why ? why.textContent.trim() : "the station answered " + r.status;
          return J.queue.put(item).then(function () { return true; });
        });
      }
      // the station is busy or gone again: it stays waiting
    });
  }

  // Tried when the page opens, when the browser says it is back online, and every RETRY_MS while
  // the page is shown: a phone on the venue's Wi-Fi stays "online" while the station is out of
  // reach, so no "online" event comes when the station is back (and some browsers do not send one
  // at all). The list is drawn again only when a ruling was sent or refused.
  var RETRY_MS = 5000;
  var sending = false;
  function flush() {
    if (sending || !navigator.onLine) { return Promise.resolve(); }
    sending = true;
    var changed = false;
    return J.queue.all().then(function (items) {
      var waiting = items.filter(function (i) { return i.state === "waiting"; });
      if (!waiting.length) { return; }
      return freshForm().then(function (form) {
        return waiting.reduce(function (chain, item) {
          return chain.then(function () { return send(item, form); }).then(function (done) { changed = changed || !!done; });
        }, Promise.resolve());
      });
    }).catch(function () { /* still unreachable: tried again on the next page, when back online, or in RETRY_MS */ })
      .then(function () { sending = false; if (changed) { return refresh(); } });
  }

  function flushOnce() {
    // Two pages open at once send one after the other (the station stores a key once anyway).
    if (navigator.locks) { return navigator.locks.request("judge-offline-send", flush); }
    return flush();
  }

  window.addEventListener("online", flushOnce);
  window.setInterval(function () { if (document.visibilityState === "visible") { flushOnce(); } }, RETRY_MS);
  refresh().then(flushOnce);
})();
