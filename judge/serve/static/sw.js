// judge serve's service worker (served at /sw.js by judge/serve/offline_pages.py, which writes
// in the version, the station's CSP and the shell's files). Online, every request goes to the
// station as before. When the station cannot be reached, pages are drawn from what this phone
// keeps: the app shell, and the reader bundle of the game the judge chose (offline-core.js). A
// ruling posted then is kept in IndexedDB, "waiting to send" (offline.js sends it later).
"use strict";
var VERSION = "@@VERSION@@";
var CSP = "@@CSP@@";
var SHELL_FILES = @@SHELL@@;
var SHELL_CACHE = "judge-shell-" + VERSION;
var BUNDLE_CACHE = "judge-bundle-" + VERSION;
var QUEUE_HEADER = "x-judge-queue"; // offline.js sending a kept ruling: never kept a second time

self.exports = {}; // porter2.js (vendored, CommonJS) writes its stemmer here
importScripts("/static/porter2.js", "/static/offline-core.js");
var J = self.JudgeOffline;

// A new version fetches the game the old one kept before it takes over, so the phone goes from
// one whole bundle to the other (the old one is dropped at activation, never mixed).
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) {
    return cache.addAll(SHELL_FILES.map(function (url) { return new Request(url, { credentials: "same-origin", cache: "no-store" }); }));
  }).then(previousGame).then(function (game) {
    return game ? fetchBundle(game, 1).catch(function () { /* asked again by the next page */ }) : null;
  }).then(function () { return self.skipWaiting(); }));
});

function previousGame() {
  return caches.keys().then(function (names) {
    var old = names.filter(function (n) { return n.indexOf("judge-bundle-") === 0 && n !== BUNDLE_CACHE; });
    return old.reduce(function (found, name) {
      return found.then(function (game) {
        if (game) { return game; }
        return caches.open(name).then(function (c) { return c.match("/offline/game"); }).then(function (r) { return r ? r.text() : null; });
      });
    }, Promise.resolve(null));
  });
}

// A new version replaces the old whole: every cache of another version goes.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("judge-") === 0 && n !== SHELL_CACHE && n !== BUNDLE_CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// -- the bundle ------------------------------------------------------------------------------
var reader = null; // the kept bundle, read once per worker life
var fetching = {}; // game -> the download under way

function hex(buffer) {
  return Array.from(new Uint8Array(buffer)).map(function (b) { return b.toString(16).padStart(2, "0"); }).join("");
}

// Fetch the bundle of `game`, check it, and only then keep it (the other game's goes).
function fetchBundle(game, triesLeft) {
  var url = "/offline/bundle?game=" + encodeURIComponent(game);
  return fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
    if (!response.ok) { throw new Error("the station answered " + response.status); }
    var expected = response.headers.get("x-bundle-sha256");
    return response.arrayBuffer().then(function (bytes) {
      return crypto.subtle.digest("SHA-256", bytes).then(function (digest) {
        var data = null;
        if (hex(digest) === expected) {
          try { data = JSON.parse(new TextDecoder().decode(bytes)); } catch (e) { data = null; }
        }
        if (!data || data.version !== VERSION) { // never half-used: dropped, fetched again
          if (triesLeft > 0) { return fetchBundle(game, triesLeft - 1); }
          throw new Error(data ? "the bundle is of version " + data.version + ", not " + VERSION : "the bundle failed its checksum");
        }
        return caches.open(BUNDLE_CACHE).then(function (cache) {
          return cache.keys().then(function (keys) {
            return Promise.all(keys.map(function (k) { return cache.delete(k); }));
          }).then(function () {
            return Promise.all([cache.put("/offline/kept", new Response(bytes, { headers: { "content-type": "application/json" } })),
                                cache.put("/offline/game", new Response(data.game))]);
          });
        }).then(function () { reader = new J.Reader(data); return data; });
      });
    });
  });
}

function keptReader() {
  if (reader) { return Promise.resolve(reader); }
  return caches.match("/offline/kept", { cacheName: BUNDLE_CACHE }).then(function (found) {
    if (!found) { return null; }
    return found.json().then(function (data) { reader = data.version === VERSION ? new J.Reader(data) : null; return reader; });
  });
}

function describe(data) {
  return { type: "kept", game: data.game, title: data.game_title, built: data.built, editions: data.editions, version: data.version };
}

self.addEventListener("message", function (event) {
  var message = event.data || {};
  if (message.type !== "keep") { return; }
  var source = event.source;
  // The frame of offline pages as this browser sees it now (its game, its form token).
  var shell = caches.open(SHELL_CACHE).then(function (cache) {
    return cache.add(new Request("/offline/shell", { credentials: "same-origin", cache: "no-store" }));
  }).catch(function () { /* offline: the frame kept before serves */ });
  event.waitUntil(shell.then(keptReader).then(function (kept) {
    if (kept && kept.b.game === message.game) { return kept.b; }
    // Two pages (or a page and a new worker's take-over) asking at once share one download.
    if (!fetching[message.game]) {
      fetching[message.game] = fetchBundle(message.game, 1).finally(function () { delete fetching[message.game]; });
    }
    return fetching[message.game];
  }).then(function (data) {
    if (source) { source.postMessage(describe(data)); }
  }).catch(function (error) {
    if (source) { source.postMessage({ type: "failed", reason: String(error && error.message || error) }); }
  }));
});

// -- offline pages ---------------------------------------------------------------------------
function page(title, query, main, status) {
  return caches.open(SHELL_CACHE).then(function (cache) { return cache.match("/offline/shell"); }).then(function (shell) {
    return shell ? shell.text() : "<!doctype html><title>@@TITLE@@</title><main>@@MAIN@@</main>";
  }).then(function (html) {
    html = html.replace("@@TITLE@@", function () { return J.esc(title); })
      .replace("@@QUERY@@", function () { return J.esc(query); })
      .replace("@@MAIN@@", function () { return main; });
    return new Response(html, { status: status || 200, headers: {
      "content-type": "text/html; charset=utf-8", "content-security-policy": CSP,
      "x-content-type-options": "nosniff", "referrer-policy": "same-origin", "x-frame-options": "DENY" } });
  });
}

function shellToken() {
  return caches.open(SHELL_CACHE).then(function (cache) { return cache.match("/offline/shell"); }).then(function (shell) {
    return shell ? shell.text() : "";
  }).then(function (html) {
    var found = /name="csrf" value="([^"]*)"/.exec(html);
    return found ? found[1] : "";
  });
}

function nothingKept(url) {
  return page("Offline", "", '<p class="offline-band" id="offline-band" role="status"><strong>Offline</strong>: the station cannot be reached, ' +
    "and nothing is kept on this phone for this page (" + J.esc(url.pathname) + ").</p>", 503);
}

function searchPage(r, url) {
  var q = url.searchParams.get("q") || "", fragment = url.searchParams.get("fragment") === "1";
  var body;
  if (!q.trim()) {
    body = '<p class="muted">Type a rule number (704.5j), a range (116.2b\u2013c), words, card:NAME, game:G, kind:K or doc:D.</p>';
  } else {
    var named = r.resolve(q);
    if (named && named.direct && !fragment) {
      return Response.redirect(new URL(r.path(named.direct.id) + (named.alone ? "." : ""), url).href, 303);
    }
    if (named) {
      body = r.results(named.direct ? [named.direct] : named.list, []);
    } else {
      var found = r.searchWords(q, 20);
      body = r.results(found.entries, found.terms);
    }
  }
  if (fragment) {
    return new Response(r.band() + body, { headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": CSP } });
  }
  return page(q || "Search", q, r.band() + '<h1>Search</h1><div id="results">' + body + "</div>");
}

function offlinePage(url) {
  return keptReader().then(function (r) {
    if (!r) { return nothingKept(url); }
    var path = decodeURIComponent(url.pathname);
    if (path === "/search") { return searchPage(r, url); }
    if (path === "/") { return page("Judge station", "", r.homePage()); }
    if (path === "/log/new" || path === "/log") {
      // The log lives on the station; the form works offline (what is sent is kept, sw.js).
      var cites = path === "/log/new" ? url.searchParams.getAll("cite") : [];
      return shellToken().then(function (csrf) {
        return page(path === "/log" ? "Rulings log" : "Log a ruling", "", r.band() + (path === "/log"
          ? '<h1>Rulings log</h1><p class="hint" id="log-offline">The head judge\'s log is on the station, which cannot be reached now. ' +
            "Rulings logged on this phone meanwhile are listed above and sent when it can.</p>" : "") + J.logForm(cites, csrf));
      });
    }
    var parts = /^\/([a-z]+)(?:\/(.+))?$/.exec(path);
    if (parts && r.docs.has(parts[1])) {
      if (!parts[2]) { return page(r.docs.get(parts[1]).title, "", r.documentPage(r.docs.get(parts[1]))); }
      var rest = parts[2], alone = false, entry = r.get(parts[1] + ":" + rest);
      if (!entry && /\.$/.test(rest)) { entry = r.get(parts[1] + ":" + rest.slice(0, -1)); alone = !!entry; }
      if (!entry) {
        var named = r.resolve(parts[1] + ":" + rest) || r.resolve(rest);
        if (named && named.direct) { return Response.redirect(new URL(r.path(named.direct.id), url).href, 308); }
      }
      if (entry) {
        return shellToken().then(function (csrf) {
          return page(entry.k === "card" ? (entry.t || entry.c) : entry.c, "", r.entryPage(entry, alone, csrf));
        });
      }
    }
    return nothingKept(url);
  });
}

// -- rulings written offline -----------------------------------------------------------------
function keepRuling(request) {
  return request.formData().then(function (form) {
    var fields = {};
    ["question", "answer", "cites", "table", "judge", "event", "code"].forEach(function (name) { fields[name] = String(form.get(name) || ""); });
    var item = { key: String(form.get("key") || "") || crypto.randomUUID(), fields: fields, state: "waiting", reason: "", kept: new Date().toISOString() };
    return J.queue.put(item).then(function () {
      return keptReader().then(function (r) {
        var band = r ? r.band() : "";
        return page("Kept on this phone", "", band + '<section id="kept-ruling"><h1>Kept on this phone</h1>' +
          '<p class="hint" id="kept-state">Waiting to send: the station cannot be reached. This ruling is kept on this phone and sent once the station is reachable again.</p>' +
          '<p class="rule-text">' + J.esc(fields.answer) + "</p>" + (fields.cites ? '<p class="muted">Citations: ' + J.esc(fields.cites) + "</p>" : "") + "</section>");
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method === "POST" && url.pathname === "/log" && !request.headers.get(QUEUE_HEADER)) {
    var copy = request.clone();
    event.respondWith(fetch(request).catch(function () { return keepRuling(copy); }));
    return;
  }
  if (request.method !== "GET") { return; }
  var fragment = url.pathname === "/search" && url.searchParams.get("fragment") === "1";
  if (request.mode === "navigate" || fragment) {
    event.respondWith(fetch(request).catch(function () { return offlinePage(url); }));
    return;
  }
  if (SHELL_FILES.indexOf(url.pathname) >= 0 || url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fetch(request).catch(function () {
      return caches.open(SHELL_CACHE).then(function (cache) { return cache.match(url.pathname); }).then(function (found) {
        return found || new Response("", { status: 504 });
      });
    }));
  }
});
