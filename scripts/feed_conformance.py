#!/usr/bin/env python3
"""Runs lore's feed parser over Python feedparser's conformance suite and reports a pass rate per field.

usage: python3 scripts/feed_conformance.py [--lore .build/release/lore] [--suite ../shared/bench/feedparser-tests]
       [--failures FIELD] [--all-files]

The suite (see its SOURCE.md) is used where it lies and never copied into the repository: its files are copied
into a temporary corpus, indexed once, and each file's first article (`lore articles --json`, `lore show --json`)
is compared with what the test's `Expect:` line says of `entries[0]`. Only the fields lore keeps are selected:
title, link, author, date (published/updated, compared in UTC), id, and content/summary as text (the expected
HTML turned into text must appear in the article's text). The `base/http_*` tests are left out (their
expected URLs come from HTTP headers or the document's address, which a file in a folder has not). Tests whose expected text is empty once tags are
removed (feedparser's sanitizer cases such as `<img src=…>`) are not selected: lore keeps text, not markup.
`--all-files` also indexes every file of the suite (well-formed and ill-formed) and checks that lore exits
cleanly, within its time limit, with no control character in any output.
"""
import argparse, ast, calendar, html, json, os, re, shutil, subprocess, sys, tempfile
from html.parser import HTMLParser

FIELDS = ['title', 'link', 'author', 'date', 'id', 'content']
SOURCE_KEYS = {'title': 'title', 'title_detail': 'title', 'link': 'link', 'author': 'author', 'author_detail': 'author',
               'id': 'id', 'published_parsed': 'date', 'updated_parsed': 'date', 'description': 'content',
               'summary': 'content', 'summary_detail': 'content', 'content': 'content'}


class Text(HTMLParser):
    """HTML → text, as a reader sees it."""
    def __init__(self):
        super().__init__(convert_charrefs=True); self.parts = []
    def handle_data(self, d): self.parts.append(d)
    def handle_starttag(self, tag, attrs):
        if tag in ('br', 'p', 'div', 'li', 'tr', 'td', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'): self.parts.append(' ')


def text(s):
    p = Text(); p.feed(s); p.close()
    return ' '.join(''.join(p.parts).split())


def expectations(expr):
    """(field, expected value) for each `entries[0][...] == literal` in the Expect expression."""
    try:
        tree = ast.parse(expr, mode='eval')
    except SyntaxError:
        return []
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq)):
            continue
        chain, cur = [], node.left
        while isinstance(cur, ast.Subscript):
            chain.append(cur.slice.value if isinstance(cur.slice, ast.Constant) else None); cur = cur.value
        chain.reverse()
        if not (isinstance(cur, ast.Name) and cur.id == 'entries' and chain[:1] == [0] and len(chain) >= 2):
            continue
        key, rest = chain[1], chain[2:]
        if key not in SOURCE_KEYS or rest not in ([], ['value'], ['name'], [0, 'value']):
            continue
        if key == 'author_detail' and rest != ['name'] or key in ('title_detail', 'summary_detail') and rest != ['value']:
            continue
        if key == 'content' and rest != [0, 'value']:
            continue
        try:
            value = ast.literal_eval(node.comparators[0])
        except ValueError:
            continue
        out.append((SOURCE_KEYS[key], value))
    return out


def utc(iso):
    """lore's ISO 8601 date as a UTC (y, m, d, H, M, S) tuple."""
    m = re.match(r'(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d))?(Z|[+-]\d\d:\d\d)?', iso or '')
    if not m:
        return None
    y, mo, d, h, mi, s = (int(g or 0) for g in m.groups()[:6])
    t = calendar.timegm((y, mo, d, h, mi, s))
    z = m.group(7)
    if z and z != 'Z':
        sign = 1 if z[0] == '+' else -1
        t -= sign * (int(z[1:3]) * 3600 + int(z[4:6]) * 60)
    g = __import__('time').gmtime(t)
    return tuple(g)[:6]


def passes(field, want, got):
    """A text field passes when lore has the expected HTML as text, or (a `text/plain` value) the value as
    written; an author when lore has the name (feedparser's `author` appends " (email)")."""
    if field == 'date':
        return isinstance(want, tuple) and utc(got.get('date')) == tuple(want[:6])
    plain = ' '.join(want.split())
    if field == 'content':
        have = ' '.join((got.get('text') or '').split())
        return text(want) in have or plain in have
    have = ' '.join((got.get({'title': 'title', 'link': 'url', 'author': 'author', 'id': 'id'}[field]) or '').split())
    if field in ('link', 'id'):
        return plain == have
    if field == 'author':
        plain = re.sub(r' \([^()@ ]+@[^()]+\)$', '', plain)
    return have in (text(want), plain)


def selected(want, field):
    if field == 'date':
        return isinstance(want, tuple)
    return isinstance(want, str) and (text(want) if field not in ('link', 'id') else want.strip()) != ''


def lore(exe, args, corpus, db, timeout=120):
    env = dict(os.environ, NO_COLOR='1', LORE_PACE_MS='0', LORE_NO_HISTORY='1')
    return subprocess.run([exe] + args + ['--corpus', corpus, '--db', db], capture_output=True, timeout=timeout, env=env)


def controls(b):
    return b'\x1b' in b or b'\x07' in b or '\u009b' in b.decode('utf-8', 'replace')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--lore', default='.build/release/lore')
    ap.add_argument('--suite', default=os.path.join(os.path.dirname(__file__), '..', '..', 'shared', 'bench', 'feedparser-tests'))
    ap.add_argument('--failures', choices=FIELDS, help='list the failing tests of one field')
    ap.add_argument('--all-files', action='store_true')
    a = ap.parse_args()
    exe = os.path.abspath(a.lore)
    tests = {}
    for root, _, files in os.walk(os.path.join(a.suite, 'wellformed')):
        for f in sorted(files):
            path = os.path.join(root, f)
            head = open(path, 'rb').read(4000).decode('utf-8', 'replace')
            m = re.search(r'Expect:\s*(.*)', head)
            # base/http_*: the expected URLs come from an HTTP header or the document's URL, which a file lacks.
            if not m or 'not bozo' not in m.group(1) or f.startswith('http_'):
                continue
            want = [(fld, v) for fld, v in expectations(m.group(1)) if selected(v, fld)]
            if want:
                tests[os.path.relpath(path, a.suite)] = want
    work = tempfile.mkdtemp(prefix='lore-feedsuite-')
    try:
        corpus, db = os.path.join(work, 'corpus'), os.path.join(work, 'index.sqlite')
        os.mkdir(corpus)
        names = {}
        for rel in tests:
            name = rel.replace('/', '__')
            names[name] = rel
            shutil.copyfile(os.path.join(a.suite, rel), os.path.join(corpus, name))
        lore(exe, ['index'], corpus, db, timeout=600)
        first = {}
        for line in lore(exe, ['articles', '--json'], corpus, db).stdout.decode().splitlines():
            o = json.loads(line)
            if o['source'] not in first or o['line'] < first[o['source']]['line']:
                first[o['source']] = o
        counts = {f: [0, 0] for f in FIELDS}
        failures = []
        for name, rel in sorted(names.items()):
            art = first.get(name)
            if art and any(f == 'content' for f, _ in tests[rel]):
                r = lore(exe, ['show', f"{name}:{art['line']}", '--json'], corpus, db)
                art = dict(art, text=json.loads(r.stdout.decode() or '{}').get('text', '')) if r.returncode == 0 else art
            for field, want in tests[rel]:
                ok = bool(art) and passes(field, want, art)
                counts[field][0] += ok; counts[field][1] += 1
                if not ok:
                    failures.append((field, rel, want, art))
        for f in FIELDS:
            ok, n = counts[f]
            print(f'{f:8} {ok:4}/{n:<4} {100 * ok / max(n, 1):5.1f} %')
        if a.failures:
            for field, rel, want, art in failures:
                if field == a.failures:
                    got = None if not art else {'title': art.get('title'), 'link': art.get('url'), 'author': art.get('author'),
                                                'date': art.get('date'), 'id': art.get('id'), 'content': (art.get('text') or '')[:200]}[field]
                    print(f'FAIL {rel}\n     want {want!r}\n     got  {got!r}')
        if a.all_files:
            check_all(exe, a.suite, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_all(exe, suite, work):
    """Every file of the suite indexed at once: clean exit, no hang, no control character in any output."""
    corpus, db = os.path.join(work, 'all'), os.path.join(work, 'all.sqlite')
    os.mkdir(corpus)
    for part in ('wellformed', 'illformed'):
        for root, _, files in os.walk(os.path.join(suite, part)):
            for f in files:
                shutil.copyfile(os.path.join(root, f), os.path.join(corpus, os.path.relpath(os.path.join(root, f), suite).replace('/', '__')))
    bad = []
    runs = [lore(exe, ['index', '--json'], corpus, db, timeout=600), lore(exe, ['articles', '--json'], corpus, db)]
    arts = [json.loads(l) for l in runs[1].stdout.decode().splitlines() if l.startswith('{')]
    for o in arts:
        runs.append(lore(exe, ['show', f"{o['source']}:{o['line']}"], corpus, db))
    for r in runs:
        if r.returncode != 0 or controls(r.stdout) or controls(r.stderr):
            bad.append((r.args[1:3], r.returncode))
    print(f'all files: {len(os.listdir(corpus))} files, {len(arts)} articles, {len(runs)} lore runs, {len(bad)} bad')
    for b in bad[:20]:
        print('  BAD', b)


if __name__ == '__main__':
    main()
