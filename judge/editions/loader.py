"""Read the bundled documents into one Corpus, through an on-disk cache.

The cache key covers the content of every data file (sources, topic tables, cards), the
package's version, the source of the code that builds what is kept under the key (this loader,
the parsers, the cross-document linkers, the search index, the conflict notes and the station's
offline bundle, with every judge module they import: KEY_START_POINTS and _code_closure) and
the edition read of each document (judge.editions: the newest, or the one in force on
$JUDGE_EVENT_DATE), so editing a source or a parser, or importing an edition, invalidates it by
itself, and editing the TUI, a command or a station page does not. A missing or unreadable
source is reported and the other documents still load.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pickle
import re
import sys
from collections.abc import Callable
from pathlib import Path

import judge
from judge import cache_files, files, paths
from judge.corpus.documents import DOCUMENTS, DocumentSpec
from judge.corpus.model import Corpus, DocumentInfo, Problem

CACHE_FORMAT = 2  # 2: signed files in marked folders (cache_files)
CORPUS_FILE = "corpus.pickle"
EDITION_CACHE_PREFIX = "edition-"  # one edition's own corpus (judge.editions.corpora), kept apart
_DATA_TREES = ("rules", "rulings", "cards")
_DATA_SUFFIXES = {".txt", ".yaml", ".yml", ".json"}
_PACKAGE = Path(__file__).resolve().parents[1]  # the judge package whose code the key covers

# The code that builds what the cache keeps: the key covers the source of these modules and of
# every judge module they import, at any depth, at module level or inside a function
# (_code_closure). A module none of them reaches (the TUI, the command line, the station's other
# pages) can change without rebuilding anything. A module imported by a name built at run time
# is invisible to an import scan, so it is listed here itself.
KEY_START_POINTS: tuple[str, ...] = (
    "judge.editions.loader",  # this loader: which edition of each document is read, the corpus cache
    *(f"judge.corpus.{spec.parser}" for spec in DOCUMENTS),  # the parsers, imported by name (_parse_one)
    "judge.corpus.crosslinks",  # the steps over the whole corpus after parsing (build_corpus)
    "judge.corpus.nodawn.cards",  # crosslinks.LINKERS, imported by name: the No Dawn card entries
    "judge.search.index",  # the search index, kept in this key's folder
    "judge.conflicts.cached",  # the conflict notes (notes.pickle), kept in this key's folder
    "judge.serve.offline_bundle",  # the station's offline bundle, whose version names this key
)

# A judge import statement at any indentation: `from judge.x import a, b` (parenthesised over
# lines with comments in them, or continued with backslashes), `from . import x`, `import os,
# judge.x as y`. It is matched only at the start of a line holding the word "import" (found by
# bytes.find): a pattern searched for over the whole text (`^[ \t]*from…`) is tried at every
# line, 2–3 times slower over the ~190 files read at each start-up.
_GAP = r"(?:[ \t]|\\\r?\n)+"  # spaces, and line ends a backslash continues
_REST = r"(?:\\\r?\n|[^\r\n])*"  # the rest of the line and of those it continues
_IMPORT = re.compile(
    rf"[ \t]*(?:from{_GAP}(\.+[\w.]*|judge\b[\w.]*){_GAP}import{_GAP}(\((?:#[^\r\n]*|[^)#])*\)|{_REST})"
    rf"|import{_GAP}({_REST}\bjudge\b{_REST}))".encode()
)
_COMMENT = re.compile(rb"#[^\r\n]*")

# progress(stage, detail, done, total): called while something slow (a rebuild) runs.
Progress = Callable[[str, str, int, int], None]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def content_key(chosen: dict | None = None) -> str:
    """A digest of every data file, of the package code and of the editions read: the cache's name."""
    digest = base_digest()
    for doc, edition in sorted((chosen if chosen is not None else selected_editions()).items()):
        if not edition.bundled:  # none imported: the key of the bundled files alone, as it always was
            digest.update(f"edition {doc} {edition.name} {edition.date} {edition.sha256}".encode())
    return digest.hexdigest()[:20]


def selected_editions() -> dict:
    """The edition of each document the main corpus reads (judge.editions.store.selected)."""
    from judge.editions import store  # deferred: start-up

    return {spec.key: store.selected(spec.key) for spec in DOCUMENTS}


def base_digest():
    """A running digest of every data file, of judge's version and of the code that builds what
    the key names (what any parse, and any cache kept under the key, depends on)."""
    # The interpreter too: a pickle is only read back by the Python that wrote it.
    digest = hashlib.sha256(f"format {CACHE_FORMAT} {sys.implementation.cache_tag}".encode())
    root = paths.data_root()
    for tree in _DATA_TREES:
        base = root / tree
        if not base.is_dir():
            continue
        for parts, path in _files_under(base, lambda name: os.path.splitext(name)[1] in _DATA_SUFFIXES):
            digest.update("/".join((tree, *parts)).encode())
            with open(path, "rb") as fh:
                digest.update(fh.read())
    # The code that builds what the key names (KEY_START_POINTS and what they import), and the
    # version: editing a module outside it (the TUI, a command, a station page) rebuilds nothing.
    digest.update(f"version {judge.__version__}".encode())
    for name, (parts, source) in sorted(_code_closure(KEY_START_POINTS, _PACKAGE).items(), key=_by_parts):
        digest.update(("/".join(parts) if parts else f"missing {name}").encode())
        digest.update(source)
    return digest


def _by_parts(item: tuple[str, tuple[tuple[str, ...], bytes]]) -> tuple[tuple[str, ...], str]:
    name, (parts, _source) = item
    return parts, name


def _code_closure(start: tuple[str, ...], package: Path) -> dict[str, tuple[tuple[str, ...], bytes]]:
    """Module name -> (its file's path parts below `package`, its source) of every judge module
    in the import closure of `start`: the modules named, their parent packages (whose
    `__init__.py` runs first) and, in turn, every judge module an import statement of theirs
    names. A name that is no file of the package (a parser not written yet) is kept with empty
    parts and source, so writing it changes the key. A cheap scan of the text, not an AST walk
    (some 30 times slower: 0.8 s): tests/test_cache_key.py holds the two equal."""
    files_by_name = {_module_name(parts): (parts, path) for parts, path in _files_under(package, _is_source)}
    packages = {name for name, (parts, _path) in files_by_name.items() if parts[-1] == "__init__.py"}
    found: dict[str, tuple[tuple[str, ...], bytes]] = {}
    waiting = list(start)
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        waiting.extend(_parents(name))
        if name not in files_by_name:
            found[name] = ((), b"")
            continue
        parts, path = files_by_name[name]
        with open(path, "rb") as fh:
            source = fh.read()
        found[name] = (parts, source)
        waiting.extend(
            _imported(source, name if name in packages else name.rpartition(".")[0], packages, files_by_name)
        )
    return found


def _is_source(name: str) -> bool:
    return name.endswith(".py")


def _module_name(parts: tuple[str, ...]) -> str:
    """('corpus', 'nodawn', 'rules.py') -> judge.corpus.nodawn.rules; ('corpus', '__init__.py') -> judge.corpus."""
    *folders, file = parts
    names = ["judge", *folders] if file == "__init__.py" else ["judge", *folders, file[: -len(".py")]]
    return ".".join(names)


def _parents(name: str) -> list[str]:
    """judge.corpus.nodawn.rules -> judge, judge.corpus, judge.corpus.nodawn."""
    words = name.split(".")
    return [".".join(words[:n]) for n in range(1, len(words))]


def _imported(source: bytes, here: str, packages: set[str], files_by_name: dict) -> list[str]:
    """The judge modules the import statements of `source` name (`here`: its package, for
    relative imports): `from judge.x import y` names judge.x, and judge.x.y too when judge.x is
    a package and that is a file (only a package has modules; y may also be a name its
    __init__ defines). Each statement starts a line (or the lines a backslash continues)
    holding the word "import"."""
    names: list[str] = []
    at = source.find(b"import")
    while at >= 0:
        line = source.rfind(b"\n", 0, at) + 1
        while source.endswith((b"\\\n", b"\\\r\n"), 0, line):  # the line continues the one before
            line = source.rfind(b"\n", 0, line - 1) + 1
        match = _IMPORT.match(source, line)
        if match is None or match.end() <= at:
            at = source.find(b"import", at + len(b"import"))
            continue
        at = source.find(b"import", match.end())
        origin, imported, plain = match.groups()
        if plain is not None:  # import os, judge.x as y: judge.x
            names.extend(word for word in map(bytes.decode, _words(plain)) if word.partition(".")[0] == "judge")
            continue
        module = origin.decode()
        if module.startswith("."):
            dots = len(module) - len(module.lstrip("."))
            words = here.split(".")[: len(here.split(".")) - dots + 1]
            module = ".".join([*words, module[dots:]] if module[dots:] else words)
        names.append(module)
        if module in packages:
            inner = (f"{module}.{word.decode()}" for word in _words(imported))
            names.extend(name for name in inner if name in files_by_name)
    return names


def _words(names: bytes) -> list[bytes]:
    """`a as b, c` -> [a, c]; also parenthesised over lines, with comments, or backslashes."""
    items = _COMMENT.sub(b"", names).replace(b"\\", b" ").strip().strip(b"()").split(b",")
    return [item.split()[0] for item in items if item.split()]


def _files_under(top: Path, wanted: Callable[[str], bool]) -> list[tuple[tuple[str, ...], str]]:
    """(path parts below `top`, path) of every file under it whose name is `wanted`, sorted by
    parts (as sorted Paths are), symlinked folders not followed (as rglob does not). os.scandir,
    not Path.rglob: this runs at every start-up, over ~300 files, and costs half as much."""
    found: list[tuple[tuple[str, ...], str]] = []
    folders: list[tuple[str, tuple[str, ...]]] = [(str(top), ())]
    while folders:
        folder, parts = folders.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append((entry.path, (*parts, entry.name)))
                elif wanted(entry.name) and entry.is_file():
                    found.append(((*parts, entry.name), entry.path))
    found.sort()
    return found


def _read_source(edition) -> str:
    """The text of one edition's source file: the bundled file is UTF-8; an imported one is read
    in the encoding it was imported in, and must still be the file that was imported."""
    raw = edition.path.read_bytes()
    if edition.bundled:
        return raw.decode("utf-8")
    from judge.editions import text  # deferred: start-up
    from judge.editions.errors import EditionError  # deferred: start-up

    if hashlib.sha256(raw).hexdigest() != edition.sha256:
        raise EditionError(
            f"{edition.path} is not the file that was imported (its checksum differs); import the edition again"
        )
    return text.decode(raw, edition.encoding)


def _parse_one(spec: DocumentSpec, corpus: Corpus, edition) -> None:
    path = edition.path
    info = DocumentInfo(spec.key, spec.game, spec.title, str(path), spec.kind)
    corpus.editions[spec.key] = edition
    try:
        text = _read_source(edition)
    except (OSError, UnicodeDecodeError) as exc:
        info.error = f"cannot read {path}: {exc.__class__.__name__}: {exc}"
        corpus.add_document(info, None)
        corpus.problems.append(Problem(spec.key, "missing-source", info.error))
        return
    info.sha256 = edition.sha256
    module_name = f"judge.corpus.{spec.parser}"
    try:
        module = importlib.import_module(module_name)
        parsed = module.parse(text)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        info.error = f"no parser for {spec.title} ({spec.parser})"
        corpus.add_document(info, None)
        corpus.problems.append(Problem(spec.key, "no-parser", info.error))
        return
    except Exception as exc:  # a parser bug must not take the other documents down with it
        info.error = f"could not parse {path.name}: {exc.__class__.__name__}: {exc}"
        corpus.add_document(info, None)
        corpus.problems.append(Problem(spec.key, "parse-error", info.error))
        return
    info.loaded = True
    corpus.add_document(info, parsed)


def build_corpus(progress: Progress | None = None, chosen: dict | None = None) -> Corpus:
    """Parse the documents of `chosen` (doc -> Edition; default: every document at its
    selected edition), no cache."""
    chosen = chosen if chosen is not None else selected_editions()
    specs = [spec for spec in DOCUMENTS if spec.key in chosen]
    corpus = Corpus()
    for n, spec in enumerate(specs):
        if progress:
            progress("Parsing", spec.title, n, len(specs))
        _parse_one(spec, corpus, chosen[spec.key])
    if progress:
        progress("Parsing", "linking", len(specs), len(specs))
    from judge.corpus import crosslinks  # deferred: start-up

    crosslinks.link_all(corpus)
    corpus.finish()
    return corpus


def cache_path(key: str | None = None) -> Path:
    return paths.cache_dir() / (key or content_key())


def load_corpus(use_cache: bool = True, progress: Progress | None = None) -> Corpus:
    """The corpus from the cache when it is fresh and its signature checks out, else parsed
    and cached."""
    chosen = selected_editions()
    if not use_cache:
        return build_corpus(progress, chosen)
    key = content_key(chosen)
    folder = cache_path(key)
    corpus = read_cached(folder, key)
    if corpus is None:
        corpus = build_corpus(progress, chosen)
        corpus.cache_key = key
        _write_cache(folder, key, corpus)
    corpus.cache_key = key
    return corpus


def read_cached(folder: Path, key: str, name: str = CORPUS_FILE) -> Corpus | None:
    """A corpus pickle of this cache, once its signature checks out; None when there is none
    (or it is rejected: reported, and rebuilt by the caller)."""
    if cache_files.user_key() is None:
        return None
    path = folder / name
    try:
        data = cache_files.read_sealed(path, f"{key}/{name}")
    except FileNotFoundError:
        return None
    except cache_files.CacheRejected:  # reported by unseal; rebuilt by the caller
        return None
    except OSError as exc:
        cache_files.report_once(f"cannot read the cache file {path} ({exc.strerror or exc}); rebuilding it")
        return None
    # Signed by this user's judge for exactly these sources and this code: safe to unpickle.
    with cache_files.long_lived():
        return pickle.loads(data)


def _write_cache(folder: Path, key: str, corpus: Corpus) -> None:
    if write_cached(folder, key, corpus):
        _prune_other_keys(key)


def write_cached(folder: Path, key: str, corpus: Corpus, name: str = CORPUS_FILE) -> bool:
    """Keep a parsed corpus for next time; a cache that cannot be written costs speed only."""
    if cache_files.user_key() is None:
        return False
    try:
        cache_files.make_folder(folder)
        cache_files.write_sealed(folder / name, pickle.dumps(corpus, protocol=pickle.HIGHEST_PROTOCOL), f"{key}/{name}")
        cache_files.remove_leftover_temporaries(folder)
        return True
    except (OSError, files.WriteError, cache_files.CacheRejected) as exc:
        cache_files.report_once(f"cannot write the cache in {folder} ({exc}); working without it")
        return False


def _prune_other_keys(key: str) -> None:
    """Caches of older sources or parsers are never read again: remove them — only folders
    whose signed mark proves judge made them (see cache_files)."""
    root = paths.cache_dir()
    for child in root.iterdir():
        if child.name != key and not child.name.startswith(EDITION_CACHE_PREFIX) and cache_files.is_ours(child):
            cache_files.remove_tree(child)
