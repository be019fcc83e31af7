// judge serve, offline: what the service worker (sw.js), the pages (offline.js) and the recall
// measurement under Node (bench/evaluation/offline_recall.py) share. Reads a reader bundle
// (judge/serve/offline_bundle.py): rule numbers and ranges resolved as the station resolves them,
// words scored from the index the server exported (judge/serve/offline_index.py), pages drawn
// with the station's own mark-up and classes, and the queue of rulings written offline.
// No framework, no build step.
(function (root) {
  "use strict";

  // -- text --------------------------------------------------------------------------------
  function esc(value) {
    return String(value === null || value === undefined ? "" : value)
      .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }

  function plain(pieces) {
    return (pieces || []).map(function (p) { return typeof p === "string" ? p : p[0]; }).join("");
  }

  function snippet(text, width) {
    text = String(text).split(/\s+/).filter(Boolean).join(" ");
    return text.length <= width ? text : text.slice(0, width - 1).replace(/\s+$/, "") + "\u2026";
  }

  // -- the index ---------------------------------------------------------------------------
  // The token pattern of judge/search/analysis.py (TOKEN_PATTERN), letters read as Unicode letters.
  var TOKEN = /\d+(?:\.\d+[a-z]?)?|\p{L}+(?:'\p{L}+)*|[\p{L}\p{N}_]+/gu;
  var ALPHA = /^\p{L}+$/u;

  function Index(search, entryGames) {
    var a = search.analysis;
    this.s = search;
    this.stop = new Set(a.stop);
    this.pronouns = new Set(a.pronouns);
    this.negations = a.negations;
    this.foldChars = a.fold;
    this.symbols = a.symbols;
    this.forms = search.forms;
    this.irregular = a.irregular;
    this.derived = a.derived;
    // The vendored Porter2 (porter2.js, CommonJS: it writes `stem` into a global `exports`).
    this.stemmer = root.exports && typeof root.exports.stem === "function" ? root.exports.stem : null;
    this.talk = new Set(search.talk);
    this.games = entryGames; // local entry number -> its game
    this.decoded = {};
  }

  Index.prototype.fold = function (text) {
    var self = this;
    text = String(text).normalize("NFKC").replace(/[\s\S]/g, function (ch) {
      if (Object.prototype.hasOwnProperty.call(self.foldChars, ch)) { return self.foldChars[ch]; }
      if (Object.prototype.hasOwnProperty.call(self.symbols, ch)) { return " " + self.symbols[ch] + " "; }
      return ch;
    });
    return text;
  };

  // The analysed terms of a text, as analysis.analyze gives them (stems looked up in `forms`).
  Index.prototype.analyze = function (text) {
    var out = [], match;
    var folded = this.fold(text), tokens = new RegExp(TOKEN.source, "gu"); // its own: callers scan with TOKEN too
    while ((match = tokens.exec(folded)) !== null) {
      var word = match[0].toLowerCase();
      if (word.indexOf("'") >= 0) {
        var joined = word.replace(/'/g, "");
        if (this.pronouns.has(joined)) { continue; }
        word = this.negations[joined] || joined;
      }
      if (this.stop.has(word)) { continue; }
      out.push(ALPHA.test(word) ? this.term(word) : word);
    }
    return out;
  };

  // analysis._stem: the exported form when listed, else Porter2 after the irregular and derived words.
  Index.prototype.term = function (word) {
    var own = Object.prototype.hasOwnProperty;
    if (own.call(this.forms, word)) { return this.forms[word]; }
    if (!this.stemmer) { return word; }
    var stemmed = this.stemmer(own.call(this.irregular, word) ? this.irregular[word] : word);
    return own.call(this.derived, stemmed) ? this.derived[stemmed] : stemmed;
  };

  // (entries, weights) of a term in a field; names=false: outside card names (lexicon.weights).
  Index.prototype.row = function (field, term, names) {
    var key = field + "\u0000" + term + "\u0000" + (names ? 1 : 0);
    if (this.decoded[key]) { return this.decoded[key]; }
    var posting = this.s.fields[field][term];
    var result = null;
    if (posting) {
      var raw = (!names && this.s.unnamed[field][term]) || [posting[1], posting[2]];
      var docs = [], at = 0;
      for (var i = 0; i < raw[0].length; i++) { at += raw[0][i]; docs.push(at); }
      result = { idf: posting[0], docs: docs, weights: raw[1] };
    }
    this.decoded[key] = result;
    return result;
  };

  function contains(terms, phrase) {
    for (var i = 0; i + phrase.length <= terms.length; i++) {
      var all = true;
      for (var j = 0; j < phrase.length; j++) { if (terms[i + j] !== phrase[j]) { all = false; break; } }
      if (all) { return true; }
    }
    return false;
  }

  // synonyms.bridges: the phrases the bridge adds, each read in its own game.
  Index.prototype.bridges = function (terms) {
    var present = new Set(terms), out = new Map();
    this.s.groups.forEach(function (group) {
      var game = group[0], phrases = group[1];
      if (!phrases.some(function (p) { return present.has(p[0]); })) { return; }
      var found = phrases.filter(function (p) { return contains(terms, p); });
      if (!found.length) { return; }
      phrases.forEach(function (phrase) {
        var key = JSON.stringify([phrase, game]);
        if (found.indexOf(phrase) < 0 && !out.has(key)) { out.set(key, { phrase: phrase, trigger: found[0], game: game }); }
      });
    });
    return Array.from(out.values());
  };

  Index.prototype.score = function (words, scores) {
    var weights = this.s.field_weights, self = this;
    words.forEach(function (w) {
      Object.keys(weights).forEach(function (field) {
        var row = self.row(field, w.word, w.names);
        if (!row) { return; }
        var k = w.boost * weights[field] * row.idf / 1000;
        for (var i = 0; i < row.docs.length; i++) {
          var d = row.docs[i];
          if (w.game && self.games[d] !== w.game) { continue; }
          scores.set(d, (scores.get(d) || 0) + k * row.weights[i]);
        }
      });
    });
    return scores;
  };

  // The entry numbers of the best `limit` entries for the words of `query` (word_scoring).
  Index.prototype.search = function (query, limit) {
    var self = this;
    var terms = this.analyze(query.toLowerCase());
    var readings = new Map(), concepts = new Map();
    terms.forEach(function (t) { concepts.set(t, new Set([t])); });
    Array.from(new Set(terms)).forEach(function (t) {
      var boost = (self.talk.has(t) ? self.s.talk_weight : 1) * terms.filter(function (x) { return x === t; }).length;
      readings.set(JSON.stringify([t]), [[{ word: t, game: null, boost: boost, names: true }]]);
    });
    this.bridges(terms).forEach(function (b) {
      var key = JSON.stringify(b.trigger);
      if (!readings.has(key)) { readings.set(key, []); }
      readings.get(key).push(b.phrase.map(function (w) {
        return { word: w, game: b.game, boost: 1 / b.phrase.length, names: terms.indexOf(w) >= 0 };
      }));
      b.trigger.forEach(function (word) {
        if (!concepts.has(word)) { concepts.set(word, new Set([word])); }
        b.phrase.forEach(function (w) { concepts.get(word).add(w); });
      });
    });
    var scores = new Map();
    readings.forEach(function (options) {
      if (options.length === 1) { self.score(options[0], scores); return; }
      var best = new Map();
      options.forEach(function (words) {
        self.score(words, new Map()).forEach(function (v, d) { if (v > (best.get(d) || 0)) { best.set(d, v); } });
      });
      best.forEach(function (v, d) { scores.set(d, (scores.get(d) || 0) + v); });
    });
    // Coverage: the idf-weighted share of the question's concepts an entry answers to.
    var conceptIdf = new Map(), typed = new Set(terms), holders = new Map();
    concepts.forEach(function (words, concept) {
      var best = 0;
      words.forEach(function (w) { var r = self.s.fields.text[w]; if (r && r[0] > best) { best = r[0]; } });
      conceptIdf.set(concept, best * (self.talk.has(concept) ? self.s.talk_weight : 1));
      words.forEach(function (w) {
        if (holders.has(w)) { return; }
        var set = new Set();
        Object.keys(self.s.field_weights).forEach(function (field) {
          var row = self.row(field, w, typed.has(w));
          if (row) { row.docs.forEach(function (d) { set.add(d); }); }
        });
        holders.set(w, set);
      });
    });
    var total = 0;
    conceptIdf.forEach(function (v) { total += v; });
    var ranked = Array.from(scores.entries()).sort(function (x, y) { return y[1] - x[1]; }).slice(0, 100);
    ranked = ranked.map(function (pair) {
      var d = pair[0], got = 0;
      if (total) {
        concepts.forEach(function (words, concept) {
          var hit = false;
          words.forEach(function (w) { if (holders.get(w).has(d)) { hit = true; } });
          if (hit) { got += conceptIdf.get(concept); }
        });
      }
      return [d, pair[1] * (total ? Math.max(got / total, 0.05) : 1)];
    });
    ranked.sort(function (x, y) { return y[1] - x[1]; });
    return { terms: terms, hits: ranked.slice(0, limit).map(function (p) { return p[0]; }) };
  };

  // -- the bundle --------------------------------------------------------------------------
  // The station's range reading (judge/corpus/ranges.py).
  var RANGE_END = "(?:\\d{3}(?:\\.\\d+)?|\\d{1,2}\\.\\d+)[a-z]?";
  var RANGE = new RegExp("^(" + RANGE_END + ")[-\u2013](" + RANGE_END + "|\\d+|[a-z])$");

  function completeEnd(start, end) {
    if (/^[a-z]$/.test(end)) { return start.slice(0, -1) + end; }
    if (/^\d+$/.test(end) && start.indexOf(".") >= 0 && end.length < 3) {
      return start.slice(0, start.lastIndexOf(".")) + "." + end;
    }
    return end;
  }

  function Reader(bundle) {
    var self = this;
    this.b = bundle;
    this.byId = new Map();
    this.order = new Map(); // id -> its place in its document
    this.byNumber = {}; // doc -> number -> entry
    this.docs = new Map();
    this.children = new Map();
    bundle.documents.forEach(function (d) { self.docs.set(d.key, d); self.byNumber[d.key] = {}; });
    bundle.entries.forEach(function (e, n) {
      e.doc = e.id.slice(0, e.id.indexOf(":"));
      self.byId.set(e.id, e);
      self.order.set(e.id, n);
      if (e.n && !self.byNumber[e.doc][e.n]) { self.byNumber[e.doc][e.n] = e; }
    });
    var gameOf = {}, gameTitle = {};
    bundle.documents.forEach(function (d) { gameOf[d.key] = d.game; gameTitle[d.key] = d.game_title; });
    this.gameTitle = gameTitle;
    this.gameOf = gameOf;
    var ids = bundle.search.ids;
    this.ids = ids;
    this.index = new Index(bundle.search, ids.map(function (id) { return gameOf[id.slice(0, id.indexOf(":"))]; }));
  }

  Reader.prototype.get = function (id) { return this.byId.get(id) || null; };

  Reader.prototype.path = function (id) {
    var at = id.indexOf(":");
    return "/" + id.slice(0, at) + "/" + id.slice(at + 1).split("/").map(encodeURIComponent).join("/");
  };

  Reader.prototype.numbered = function (number) {
    var self = this, out = [];
    Object.keys(this.byNumber).forEach(function (doc) {
      var e = self.byNumber[doc][number] || self.byNumber[doc][number.toLowerCase()];
      if (e) { out.push(e); }
    });
    return out;
  };

  Reader.prototype.descendants = function (entry) {
    var out = [], self = this;
    (entry.ch || []).forEach(function (c) {
      var child = self.get(c[0]);
      if (child) { out.push(child); out = out.concat(self.descendants(child)); }
    });
    return out;
  };

  Reader.prototype.expand = function (doc, start, end) {
    var first = this.byNumber[doc][start], last = this.byNumber[doc][end];
    if (!first || !last || first.k !== last.k) { return [first, last].filter(Boolean); }
    var same = this.b.entries.filter(function (e) { return e.doc === doc && e.k === first.k && e.n; });
    var i = same.indexOf(first), j = same.indexOf(last);
    return i <= j ? same.slice(i, j + 1) : [first, last];
  };

  // What a query names by number, id or range: {direct, alone} (one entry: its page), {list}
  // (a range, or a number several documents have), or null (words).
  Reader.prototype.resolve = function (query) {
    var q = query.trim(), self = this;
    var id = /^([a-z]+):(\S+)$/i.exec(q);
    if (id && this.docs.has(id[1].toLowerCase())) {
      var named = this.get(id[1].toLowerCase() + ":" + id[2]) || this.get(id[1].toLowerCase() + ":" + id[2].toLowerCase());
      if (named) { return { direct: named, alone: false }; }
    }
    var alone = /^\d[\d.]*[a-zA-Z]?\.$/.test(q);
    var bare = alone ? q.slice(0, -1) : q;
    if (/^\d+(?:\.\d+)*[a-zA-Z]?$/.test(bare)) {
      var found = this.numbered(bare);
      if (found.length === 1) { return { direct: found[0], alone: alone }; }
      if (found.length > 1) { return { list: found }; }
    }
    var range = RANGE.exec(q.replace(/\.$/, "").toLowerCase());
    if (range) {
      var start = range[1], end = completeEnd(range[1], range[2]), members = [];
      Object.keys(this.byNumber).forEach(function (doc) {
        if (self.byNumber[doc][start]) { members = members.concat(self.expand(doc, start, end)); }
      });
      if (members.length) { return { list: members }; }
    }
    return null;
  };

  Reader.prototype.searchWords = function (query, limit) {
    var self = this, found = this.index.search(query, limit);
    return { terms: found.terms, entries: found.hits.map(function (n) { return self.get(self.ids[n]); }).filter(Boolean) };
  };

  // -- pages (the station's templates, drawn from the bundle) -------------------------------
  function show(pieces) {
    return (pieces || []).map(function (p) {
      if (typeof p === "string") { return esc(p); }
      var text = esc(p[0]);
      if (p[1]) { return '<a href="' + esc(p[1]) + '" title="' + esc(p[3]) + '"' + (p[2] ? ' class="' + esc(p[2]) + '"' : "") + ">" + text + "</a>"; }
      if (p[2] === "hit") { return "<mark>" + text + "</mark>"; }
      return '<span class="' + esc(p[2]) + '">' + text + "</span>";
    }).join("");
  }

  function tags(values) {
    return (values || []).map(function (t) { return '<span class="tag tag-' + esc(t.split(":")[0]) + '">' + esc(t) + "</span> "; }).join("");
  }

  Reader.prototype.band = function () {
    var b = this.b, editions = Object.keys(b.editions).map(function (doc) { return doc + " edition " + b.editions[doc]; });
    return '<p class="offline-band" id="offline-band" role="status"><strong>Offline</strong>: read from the copy kept on this phone \u2014 ' +
      esc(b.game_title) + "; " + esc(editions.join("; ")) + "; kept " + esc(b.built) + ".</p>";
  };

  Reader.prototype.crumbs = function (entry) {
    var trail = [], at = entry.p ? this.get(entry.p) : null;
    while (at) { trail.unshift('<a href="' + esc(this.path(at.id)) + '">' + esc(at.lb) + "</a>"); at = at.p ? this.get(at.p) : null; }
    var doc = this.docs.get(entry.doc);
    trail.unshift('<a href="/' + esc(entry.doc) + '">' + esc(doc ? doc.title : entry.doc) + "</a>");
    return '<nav class="crumbs" aria-label="Breadcrumb">' + trail.join(" \u203a ") + "</nav>";
  };

  function notes(entry) {
    if (!entry.o && !entry.w) { return ""; }
    var html = '<section class="notes" id="conflicts">';
    (entry.o || []).forEach(function (n) {
      html += '<div class="note note-' + esc(n.k) + '"><p class="note-head">' + esc(n.h) + "</p>";
      n.lines.forEach(function (line) { html += "<p>" + esc(line) + "</p>"; });
      if (n.c.length) {
        html += "<p>Concerns: " + n.c.map(function (c) { return '<a href="' + esc(c[0]) + '">' + esc(c[1]) + "</a>"; }).join(", ") + "</p>";
      }
      html += "</div>";
    });
    if (entry.w) {
      html += '<p class="note-head">In its parts (open each for the note):</p><ul class="list">' +
        entry.w.map(function (b) { return '<li><a href="' + esc(b[0]) + '">' + esc(b[1]) + "</a></li>"; }).join("") + "</ul>";
    }
    return html + "</section>";
  }

  Reader.prototype.neighbours = function (entry) {
    var n = this.order.get(entry.id), list = this.b.entries, html = '<nav class="prev-next" id="prev-next">';
    for (var i = n - 1; i >= 0; i--) {
      if (list[i].doc !== entry.doc) { break; }
      if (list[i].k !== "example") { html += '<a rel="prev" href="' + esc(this.path(list[i].id)) + '">\u2039 ' + esc(list[i].lb) + "</a> "; break; }
    }
    for (var j = n + 1; j < list.length; j++) {
      if (list[j].doc !== entry.doc) { break; }
      if (list[j].k !== "example") { html += '<a rel="next" href="' + esc(this.path(list[j].id)) + '">' + esc(list[j].lb) + " \u203a</a>"; break; }
    }
    return html + "</nav>";
  };

  // The log form of _log_form.html; posted offline, the service worker keeps it (sw.js).
  function logForm(cites, csrf) {
    return '<section class="log-section" id="log-ruling"><form id="log-form" class="log-form" method="post" action="/log">' +
      "<h2>Log a ruling</h2>" +
      '<input type="hidden" name="csrf" value="' + esc(csrf) + '">' +
      '<label>Question <textarea name="question" rows="2"></textarea></label>' +
      '<label>Ruling <textarea name="answer" rows="3" required></textarea></label>' +
      '<label>Citations <input name="cites" value="' + esc(cites.join(" ")) + '" autocapitalize="none" spellcheck="false"></label>' +
      '<div class="log-where"><label>Table <input name="table" inputmode="numeric" size="5"></label>' +
      '<label>Judge <input name="judge" autocomplete="name"></label><label>Event <input name="event"></label></div>' +
      '<label>Access code <input name="code" autocomplete="off" autocapitalize="none" spellcheck="false"></label>' +
      '<button type="submit">Log the ruling</button></form></section>';
  }

  Reader.prototype.entryPage = function (entry, alone, csrf) {
    var self = this, card = entry.k === "card";
    var kids = (entry.ch || []).map(function (c) { return [self.get(c[0]), c[1]]; }).filter(function (c) { return c[0]; });
    var inFull = kids.length <= 30;
    var html = this.band() + '<article id="' + (card ? "card" : "entry") + '" data-id="' + esc(entry.id) + '">' + this.crumbs(entry);
    if (card) {
      html += "<h1>" + esc(entry.t || entry.c) + '</h1><p class="muted">' + esc(entry.c) + " (" + esc(entry.id) + ")</p>";
    } else {
      var title = entry.t && entry.c.indexOf(entry.t) < 0 ? entry.t : "";
      html += '<h1><a class="permalink" href="' + esc(this.path(entry.id)) + (alone ? "." : "") + '">' + esc(entry.c) + "</a>" +
        (title ? ' <span class="entry-title">' + esc(title) + "</span>" : "") + "</h1>";
    }
    if (entry.g) { html += '<p class="tags">' + tags(entry.g) + "</p>"; }
    (entry.s || []).forEach(function (s) { html += '<p class="tag-span"><span class="tag">' + esc(s[0]) + "</span> applies to: " + esc(s[1]) + "</p>"; });
    html += notes(entry) + '<p class="rule-text">' + show(entry.x) + "</p>";
    if (entry.e) {
      html += '<section id="examples"><h2>Examples</h2>' + entry.e.map(function (ex) { return '<p class="example rule-text">' + show(ex) + "</p>"; }).join("") + "</section>";
    }
    if (kids.length && !alone) {
      html += '<section id="' + (card ? "rulings" : "contains") + '"><h2>' + (card ? "Rulings (" + kids.length + ")" : "Contains") + '</h2><ul class="children">' +
        kids.map(function (c) {
          var body = inFull ? show(c[0].y || c[0].x) : esc(snippet(plain(c[0].y || c[0].x), 110));
          return '<li class="child"><a class="child-label" href="' + esc(self.path(c[0].id)) + '">' + esc(c[1]) + '</a> <span class="child-text">' +
            tags(c[0].g) + '<span class="rule-text">' + body + "</span></span></li>";
        }).join("") + "</ul></section>";
    }
    if (entry.l) {
      html += '<section id="links"><h2>Links</h2><ul class="list">' + entry.l.map(function (l) {
        return "<li>" + (l[0] ? '<a href="' + esc(l[0]) + '">' + esc(l[1]) + "</a>" : '<span class="unlinked">' + esc(l[1]) + "</span>") +
          ' <span class="muted">' + esc(l[2]) + "</span></li>";
      }).join("") + "</ul></section>";
    }
    var citing = (entry.b || []).map(function (id) { return self.get(id); }).filter(Boolean);
    if (citing.length) {
      html += '<section id="cited-by"><h2>Cited by (' + citing.length + ')</h2><ul class="list">' + citing.map(function (s) {
        return '<li><a href="' + esc(self.path(s.id)) + '">' + esc(s.c) + '</a> <span class="muted">' + esc(snippet(plain(s.x), 90)) + "</span></li>";
      }).join("") + "</ul></section>";
    }
    return html + this.neighbours(entry) + "</article>" + logForm([entry.id], csrf);
  };

  Reader.prototype.documentPage = function (doc) {
    var html = this.band() + "<h1>" + esc(doc.title) + '</h1><nav id="toc" aria-label="Contents">';
    doc.toc.forEach(function (group) {
      html += '<details class="toc-group" id="toc-' + esc(group.kind) + '"' + (group.folded ? "" : " open") + "><summary><h2>" +
        esc(group.heading) + '</h2></summary><ul class="toc">';
      group.entries.forEach(function (item) {
        if (item.children.length) {
          html += '<li><details><summary><a href="' + esc(item.href) + '">' + esc(item.label) + '</a></summary><ul class="list">' +
            item.children.map(function (c) { return '<li><a href="' + esc(c.href) + '">' + esc(c.label) + "</a></li>"; }).join("") + "</ul></details></li>";
        } else {
          html += '<li><a href="' + esc(item.href) + '">' + esc(item.label) + "</a>" + (item.detail ? ' <span class="muted">' + esc(item.detail) + "</span>" : "") + "</li>";
        }
      });
      html += "</ul></details>";
    });
    return html + "</nav>";
  };

  Reader.prototype.homePage = function () {
    return this.band() + "<h1>Judge station</h1><h2>Documents</h2><ul class=\"list\" id=\"documents\">" +
      this.b.documents.map(function (d) { return '<li><a href="/' + esc(d.key) + '">' + esc(d.title) + "</a></li>"; }).join("") + "</ul>";
  };

  // _results.html for a list of entries; `terms` marks the searched words in the snippets.
  Reader.prototype.results = function (entries, terms) {
    var self = this, wanted = new Set(terms || []);
    if (!entries.length) { return '<p class="none">No matches.</p>'; }
    return '<ol class="results">' + entries.map(function (e) {
      var parent = e.p ? self.get(e.p) : null, title = e.t && e.c.indexOf(e.t) < 0 ? e.t : "";
      var text = snippet(plain(e.x), 300), marked = [], last = 0, m;
      if (wanted.size) {
        var tokens = new RegExp(TOKEN.source, "gu");
        while ((m = tokens.exec(text)) !== null) {
          var term = self.index.analyze(m[0])[0];
          if (term && wanted.has(term)) { marked.push(text.slice(last, m.index), [m[0], null, "hit"]); last = m.index + m[0].length; }
        }
      }
      marked.push(text.slice(last));
      return '<li class="result"><a class="result-head" href="' + esc(self.path(e.id)) + '"><strong>' + esc(e.c) + "</strong>" + (title ? " " + esc(title) : "") + "</a>" +
        '<div class="meta"><span class="kind">' + esc(e.k) + '</span> \u00b7 <span class="game">' + esc(self.gameTitle[e.doc]) + '</span> \u00b7 <span class="id">' + esc(e.id) + "</span> " +
        tags(e.g) + (e.m ? '<span class="marks">' + esc(e.m) + "</span>" : "") + "</div>" +
        (parent ? '<div class="parent">in <a href="' + esc(self.path(parent.id)) + '">' + esc(parent.lb) + "</a></div>" : "") +
        '<p class="snippet">' + show(marked.filter(function (p) { return p !== ""; })) + "</p></li>";
    }).join("") + "</ol>";
  };

  // -- rulings kept on the phone (IndexedDB) -------------------------------------------------
  var DB = "judge-offline", STORE = "rulings";

  function openQueue() {
    return new Promise(function (resolve, reject) {
      var req = root.indexedDB.open(DB, 1);
      req.onupgradeneeded = function () { req.result.createObjectStore(STORE, { keyPath: "key" }); };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  function queueDo(mode, work) {
    return openQueue().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), store = tx.objectStore(STORE), result;
        var req = work(store);
        if (req) { req.onsuccess = function () { result = req.result; }; }
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
      });
    });
  }

  var queue = {
    put: function (item) { return queueDo("readwrite", function (s) { return s.put(item); }); },
    all: function () { return queueDo("readonly", function (s) { return s.getAll(); }).then(function (r) { return r || []; }); },
    remove: function (key) { return queueDo("readwrite", function (s) { return s.delete(key); }); }
  };

  root.JudgeOffline = { Reader: Reader, Index: Index, esc: esc, snippet: snippet, plain: plain, logForm: logForm, queue: queue };
})(typeof self !== "undefined" ? self : globalThis);
