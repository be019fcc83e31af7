"""`judge import FILE --doc DOC [--edition NAME] [--date YYYY-MM-DD]`: add a newer edition of a
bundled document (judge.editions.importer); refused whole, with the reasons, when it is not one."""

from __future__ import annotations

from pathlib import Path

from judge.cli import UserError


def register(sub) -> None:
    from judge.corpus.documents import DOCUMENTS

    keys = ", ".join(d.key for d in DOCUMENTS)
    p = sub.add_parser(
        "import",
        help="import a newer edition of a bundled document",
        description="Import FILE as a newer edition of a bundled document. It is read "
        "(UTF-8, UTF-8 or UTF-16 with a byte order mark, Windows-1252; CRLF or CR line ends), "
        "parsed by the document's parser and compared with the bundled edition's structure; "
        "anything that does not read as an edition is refused whole. Ids without an edition "
        "(nd:704.5j) then mean the newest; nd@NAME:704.5j names one edition.",
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument("--doc", required=True, help=f"the document it is an edition of ({keys})")
    p.add_argument("--edition", metavar="NAME", help="its name (default: its date)")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="the date it takes effect (default: today, UTC)")
    p.set_defaults(func=run)


def run(args) -> int:
    from judge.corpus.documents import spec
    from judge.editions import importer, text
    from judge.safe_text import one_line

    try:
        title = spec(args.doc).title
    except KeyError:
        from judge.corpus.documents import DOCUMENTS

        raise UserError(
            f"--doc {args.doc!r}: no such document; choose one of {', '.join(d.key for d in DOCUMENTS)}"
        ) from None
    outcome = importer.import_file(Path(args.file), args.doc, args.edition, args.date)
    edition = outcome.edition
    shown = one_line(args.file)
    if not outcome.added:
        print(f"{shown} is already edition {one_line(edition.label)} of {title}: nothing imported")
        return 0
    print(
        f"imported {shown} as edition {one_line(edition.label)} of {title}: {outcome.entries} entries, "
        f"read as {text.ENCODING_NAMES[edition.encoding]}"
    )
    for note in outcome.notes:
        print(f"  note: {one_line(note)}")
    print(f"ids without an edition ({args.doc}:…) now read it; {args.doc}@{edition.name}:… names it")
    return 0
