#!/usr/bin/env python3
"""lore vs SQLite FTS5: index build time and memory, query latency, ask latency.

Usage: python3 scripts/bench.py [--runs N] [--quick] [--skip-win32] [--no-build] [--keep] [--out FILE]

Corpora: the seed corpus (Corpus/), SciFact and win32-docs (/work/shared/bench). Every run builds both
indexes from scratch in a temporary directory (never in the repository), alternating lore and FTS5.
Results (medians over the runs) go to bench/RESULTS.md; see bench/README.md for what is measured.
Python 3.11 standard library only.
"""
import argparse
import datetime
import json
import lzma
import os
import platform
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = "/work/shared/bench"
SQLITE_SHELL = shutil.which("sqlite3") or "/usr/bin/sqlite3"
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
PROCESS_QUERIES = 30  # whole-process latency: the first 30 queries of each set

# Seed-corpus queries and questions, written for this benchmark (topics of the seed feeds: Swift, SwiftUI, iOS).
SEED_QUERIES = [
    "swiftui navigation stack",
    "async await concurrency",
    "actor data race",
    "xcode previews",
    "swift package manager",
    "swiftdata model container",
    "observable macro",
    "swift macros",
    "result builder",
    "retain cycle memory leak",
    "unit testing xctest",
    "swift testing framework",
    "widgetkit widget timeline",
    "accessibility voiceover",
    "app store review",
    "core data migration",
    "uikit collection view layout",
    "localization string catalog",
    "keychain password storage",
    "ios simulator debugging",
]
SEED_QUESTIONS = [
    "How do I build navigation in SwiftUI?",
    "What problem do actors solve in Swift?",
    "How are Swift macros expanded?",
    "What is new in Xcode for debugging?",
    "How do I store data with SwiftData?",
    "Why does my closure cause a retain cycle?",
    "How can I write tests with Swift Testing?",
    "How do I make my app accessible with VoiceOver?",
    "What does structured concurrency mean?",
    "How do I add a widget to an iOS app?",
]

# The FTS5 index build, run as its own process so that its wall time and peak RSS are measured like lore's.
FTS5_BUILD = r"""
import json, sqlite3, sys
src, db = sys.argv[1], sys.argv[2]
def rows():
    with open(src, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            yield (r.get("title") or "", r.get("text") or "")
con = sqlite3.connect(db, isolation_level=None)
con.execute("CREATE VIRTUAL TABLE docs USING fts5(title, body, tokenize='porter unicode61')")
con.execute("BEGIN")
con.executemany("INSERT INTO docs(title, body) VALUES (?, ?)", rows())
con.execute("COMMIT")
n = con.execute("SELECT count(*) FROM docs").fetchone()[0]
con.close()
print(n)
"""

FTS5_SELECT = "SELECT rowid, bm25(docs) FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT 10"


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def percentile(values, p):
    """Linear interpolation between closest ranks (as BenchQueriesCommand does)."""
    s = sorted(values)
    if not s:
        return float("nan")
    pos = p * (len(s) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fts_query(text):
    """Query text -> FTS5 OR-query of its alphanumeric words, each quoted (no syntax errors possible)."""
    words = re.findall(r"[^\W_]+", text)
    return " OR ".join('"%s"' % w for w in words)


def measure(cmd, env=None, timeout=3600, stdin=subprocess.DEVNULL):
    """Runs cmd; returns (wall seconds, peak RSS in MiB of that child, exit code, stdout, stderr).

    Peak RSS: GNU time's %M when /usr/bin/time exists, else wait4()'s ru_maxrss for that one child."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        rss_file = None
        if GNU_TIME:
            # ru_maxrss of a child forked from this (big) Python process starts at this process's RSS; a tiny
            # /usr/bin/time in between makes the figure the child's own peak.
            fd, rss_file = tempfile.mkstemp(prefix="rss-")
            os.close(fd)
            cmd = [GNU_TIME, "-f", "%M", "-o", rss_file, *cmd]
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=stdin, env=env)
        killer = threading.Timer(timeout, p.kill)  # a blocking wait4, so the benchmark takes no CPU from the child
        killer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            killer.cancel()
        wall = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        rss_kib = ru.ru_maxrss
        if rss_file:
            try:
                with open(rss_file) as fh:
                    rss_kib = int(fh.read().split()[-1])
            except (OSError, ValueError, IndexError):
                pass
            os.remove(rss_file)
        return wall, rss_kib / 1024.0, p.returncode, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace")


def timed_run(cmd, env=None, timeout=120):
    """Wall time of one short process (subprocess.run: blocking wait, no polling)."""
    start = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, timeout=timeout)
    return time.perf_counter() - start, r


def file_size_mib(path):
    total = 0
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            total += os.path.getsize(path + suffix)
    return total / (1 << 20)


def remove_db(path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            os.remove(path + suffix)
        except FileNotFoundError:
            pass


class Bench:
    def __init__(self, args):
        self.args = args
        self.lore = os.path.abspath(args.lore) if args.lore else os.path.join(REPO, ".build", "release", "lore")
        self.tmp = tempfile.mkdtemp(prefix="lore-bench-")
        self.env = dict(os.environ)
        # lore must never touch the user's own data: state and data under the temp dir; no pacing, no colour.
        self.env.update({"XDG_DATA_HOME": os.path.join(self.tmp, "xdg-data"), "XDG_STATE_HOME": os.path.join(self.tmp, "xdg-state"),
                         "LORE_PACE_MS": "0", "NO_COLOR": "1"})
        for k in ("LORE_DB", "LORE_CORPUS", "LORE_SESSIONS_DB"):
            self.env.pop(k, None)
        self.problems = []
        self.results = []

    def lore_cmd(self, corpus, db, *rest):
        return [self.lore, *rest, "--corpus", corpus, "--db", db]

    # ---------- corpora ----------

    def prepare_seeds(self):
        corpus = os.path.join(REPO, "Corpus")
        work = os.path.join(self.tmp, "seeds")
        os.makedirs(work)
        db = os.path.join(work, "extract.sqlite")
        r = subprocess.run(self.lore_cmd(corpus, db, "articles", "--json"), capture_output=True, text=True, env=self.env)
        if r.returncode != 0:
            raise RuntimeError("lore articles failed: " + r.stderr.strip())
        jsonl = os.path.join(work, "articles.jsonl")
        n = 0
        with open(jsonl, "w", encoding="utf-8") as f:
            for line in r.stdout.splitlines():
                if not line.strip():
                    continue
                a = json.loads(line)
                s = subprocess.run(self.lore_cmd(corpus, db, "show", "--json", a["id"]), capture_output=True, text=True, env=self.env)
                if s.returncode != 0:
                    self.problems.append(f"seeds: `lore show --json {a['id']}` failed: {s.stderr.strip()}")
                    continue
                full = json.loads(s.stdout)
                f.write(json.dumps({"id": a["id"], "title": full.get("title") or "", "text": full.get("text") or ""}) + "\n")
                n += 1
        remove_db(db)
        log(f"seeds: {n} articles extracted with lore show for FTS5")
        return dict(name="seeds", label="Seed corpus (Corpus/, 5 files)", corpus=corpus, jsonl=jsonl, work=work,
                    queries=SEED_QUERIES, expected=None)

    def prepare_jsonl(self, name, label, src, queries_file, compressed=False):
        work = os.path.join(self.tmp, name)
        corpus = os.path.join(work, "corpus")
        os.makedirs(corpus)
        dest = os.path.join(corpus, "corpus.jsonl")
        start = time.perf_counter()
        if compressed:
            with lzma.open(src, "rb") as fin, open(dest, "wb") as fout:
                shutil.copyfileobj(fin, fout, 1 << 20)
        else:
            shutil.copyfile(src, dest)  # alone in its directory: queries.jsonl must not become articles
        queries = []
        with open(queries_file, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    t = json.loads(line).get("text", "").replace("\n", " ").strip()
                    if t:
                        queries.append(t)
        with open(dest, "rb") as f:
            expected = sum(1 for line in f if line.strip())
        log(f"{name}: corpus ready ({os.path.getsize(dest) / (1 << 20):.1f} MiB, {expected} records, {len(queries)} queries, "
            f"{time.perf_counter() - start:.1f} s)")
        return dict(name=name, label=label, corpus=corpus, jsonl=dest, work=work, queries=queries, expected=expected)

    # ---------- measurements ----------

    def bench_corpus(self, c, runs):
        name, work = c["name"], c["work"]
        res = dict(name=name, label=c["label"], runs=runs, notes=[])
        qfile = os.path.join(work, "queries.txt")
        with open(qfile, "w", encoding="utf-8") as f:
            f.write("\n".join(c["queries"]) + "\n")
        # Warm the page cache for both engines alike.
        for root, _, files in os.walk(c["corpus"]):
            for fn in files:
                with open(os.path.join(root, fn), "rb") as f:
                    while f.read(1 << 20):
                        pass

        lore_db = os.path.join(work, "lore.sqlite")
        fts_db = os.path.join(work, "fts.db")
        idx = {"lore": [], "fts5": []}
        for i in range(runs):
            for engine in (("lore", "fts5") if i % 2 == 0 else ("fts5", "lore")):
                if engine == "lore":
                    remove_db(lore_db)
                    wall, rss, rc, out, err = measure(self.lore_cmd(c["corpus"], lore_db, "index", "--rebuild", "--json"), env=self.env)
                    if rc != 0:
                        raise RuntimeError(f"{name}: lore index failed (exit {rc}): {err.strip()[-500:]}")
                    report = json.loads(out.strip().splitlines()[-1])
                    idx["lore"].append(dict(wall=wall, rss=rss, size=file_size_mib(lore_db), report=report, stderr=err))
                    log(f"{name}: run {i + 1}/{runs} lore index {wall:.2f} s, peak {rss:.0f} MiB, {report.get('articles')} articles")
                else:
                    remove_db(fts_db)
                    wall, rss, rc, out, err = measure([sys.executable, "-c", FTS5_BUILD, c["jsonl"], fts_db], env=self.env)
                    if rc != 0:
                        raise RuntimeError(f"{name}: FTS5 build failed (exit {rc}): {err.strip()[-500:]}")
                    idx["fts5"].append(dict(wall=wall, rss=rss, size=file_size_mib(fts_db), rows=int(out.strip() or 0)))
                    log(f"{name}: run {i + 1}/{runs} FTS5 build {wall:.2f} s, peak {rss:.0f} MiB")
        rep = idx["lore"][-1]["report"]
        res["articles"] = rep.get("articles")
        res["passages"] = rep.get("passages")
        res["terms"] = rep.get("terms")
        res["fts_rows"] = idx["fts5"][-1]["rows"]
        res["index"] = {e: dict(wall=median([r["wall"] for r in v]), rss=median([r["rss"] for r in v]), size=median([r["size"] for r in v]))
                        for e, v in idx.items()}
        res["index"]["lore"]["self"] = median([r["report"].get("seconds") for r in idx["lore"]])
        if rep.get("skipped"):
            self.problems.append(f"{name}: lore index skipped {rep['skipped'][:3]}")
        if c["expected"] is not None and rep.get("articles") != c["expected"]:
            self.problems.append(f"{name}: lore indexed {rep.get('articles')} articles; the JSONL has {c['expected']} records")
        warn = [l for l in idx["lore"][-1]["stderr"].splitlines() if l.strip()]
        if warn:
            self.problems.append(f"{name}: lore index wrote {len(warn)} stderr line(s), first: {warn[0][:200]}")

        # In-process query latency: lore bench-queries (warm-up + 3 passes) vs Python sqlite3 on the FTS5 db.
        inproc = {"lore": [], "fts5": []}
        matches = [fts_query(q) for q in c["queries"]]
        for i in range(runs):
            r = subprocess.run(self.lore_cmd(c["corpus"], lore_db, "bench-queries", qfile, "--runs", "3"),
                               capture_output=True, text=True, env=self.env)
            if r.returncode != 0:
                if i == 0:
                    msg = r.stderr.strip().splitlines()
                    self.problems.append(f"{name}: `lore bench-queries` failed (exit {r.returncode}): {msg[0][:200] if msg else ''}"
                                         " — lore's in-process latency not measured")
            else:
                inproc["lore"].append(json.loads(r.stdout.strip().splitlines()[-1]))
            con = sqlite3.connect(fts_db)
            live = [m for m in matches if m]
            for m in live:  # warm-up
                con.execute(FTS5_SELECT, (m,)).fetchall()
            times = []
            hits = 0
            for _ in range(3):
                for m in live:
                    t0 = time.perf_counter()
                    rows = con.execute(FTS5_SELECT, (m,)).fetchall()
                    times.append((time.perf_counter() - t0) * 1000)
                    hits += len(rows)
            con.close()
            inproc["fts5"].append({"queries": len(live), "p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99),
                                   "mean_ms": statistics.fmean(times)})
            log(f"{name}: run {i + 1}/{runs} in-process p50 lore {inproc['lore'][-1]['p50_ms'] if inproc['lore'] else float('nan'):.3f} ms, "
                f"FTS5 {inproc['fts5'][-1]['p50_ms']:.3f} ms")
        res["inproc"] = {e: {k: median([r[k] for r in v]) for k in ("p50_ms", "p99_ms", "mean_ms")} for e, v in inproc.items()}
        res["inproc_queries"] = len(c["queries"])

        # Whole-process query latency: `lore search` vs the sqlite3 shell, first 30 queries.
        sample = [q for q in c["queries"] if fts_query(q)][:PROCESS_QUERIES]
        proc = {"lore": [], "fts5": []}
        failures = 0
        empty = {"lore": 0, "fts5": 0}
        for i in range(runs):
            lt, ft = [], []
            for q in sample:
                w, r = timed_run(self.lore_cmd(c["corpus"], lore_db, "search", q, "--json", "--limit", "10"), env=self.env)
                if r.returncode != 0:
                    failures += 1
                    if failures <= 3:
                        self.problems.append(f"{name}: `lore search {q!r}` failed (exit {r.returncode}): {r.stderr.decode()[:200].strip()}")
                    continue
                lt.append(w * 1000)
                if i == 0 and not json.loads(r.stdout.decode().strip().splitlines()[-1]).get("hits"):
                    empty["lore"] += 1
                sql = FTS5_SELECT.replace("?", "'" + fts_query(q).replace("'", "''") + "'")
                w, r = timed_run([SQLITE_SHELL, fts_db, sql], env=self.env)
                if r.returncode != 0:
                    raise RuntimeError(f"{name}: sqlite3 shell failed: {r.stderr.decode()[:300]}")
                ft.append(w * 1000)
                if i == 0 and not r.stdout.strip():
                    empty["fts5"] += 1
            proc["lore"].append({"p50_ms": percentile(lt, 0.5), "p99_ms": percentile(lt, 0.99)})
            proc["fts5"].append({"p50_ms": percentile(ft, 0.5), "p99_ms": percentile(ft, 0.99)})
            log(f"{name}: run {i + 1}/{runs} process p50 lore {proc['lore'][-1]['p50_ms']:.1f} ms, FTS5 shell {proc['fts5'][-1]['p50_ms']:.1f} ms")
        res["proc"] = {e: {k: median([r[k] for r in v]) for k in ("p50_ms", "p99_ms")} for e, v in proc.items()}
        res["proc_queries"] = len(sample)
        res["empty"] = empty

        if name == "seeds":
            res["ask"] = self.bench_ask(c, lore_db, runs)
        return res

    def bench_ask(self, c, db, runs):
        """Time to first and last token of `lore ask --jsonl` as a whole process (LORE_PACE_MS=0)."""
        first, last, total = [], [], []
        for i in range(runs):
            for q in SEED_QUESTIONS:
                cmd = self.lore_cmd(c["corpus"], db, "ask", "--jsonl", q)
                t0 = time.perf_counter()
                p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=self.env, bufsize=0)
                t_first = t_last = None
                saw_done = False
                buf = b""
                while True:
                    chunk = p.stdout.read(65536)
                    if not chunk:
                        break
                    now = time.perf_counter()
                    buf += chunk
                    while b"\n" in buf:
                        line, buf = buf.split(b"\n", 1)
                        if not line.strip():
                            continue
                        try:
                            ev = json.loads(line)
                        except ValueError:
                            continue
                        if ev.get("type") == "token":
                            if t_first is None:
                                t_first = now
                            t_last = now
                        elif ev.get("type") == "done":
                            saw_done = True
                err = p.stderr.read()
                rc = p.wait()
                t_end = time.perf_counter()
                if rc != 0 or not saw_done:
                    msg = err.decode("utf-8", "replace").strip().splitlines()
                    note = f"`lore ask --jsonl` failed (exit {rc}{', no done event' if rc == 0 else ''}): {msg[-1] if msg else ''}"
                    log("ask: " + note)
                    return dict(skipped=note)
                if t_first is not None:
                    first.append((t_first - t0) * 1000)
                    last.append((t_last - t0) * 1000)
                total.append((t_end - t0) * 1000)
            log(f"ask: run {i + 1}/{runs} done")
        out = dict(questions=len(SEED_QUESTIONS), samples=len(total), with_tokens=len(first),
                   first_ms=median(first), last_ms=median(last), total_ms=median(total),
                   first_p99_ms=percentile(first, 0.99) if first else None)
        if len(first) < len(total):
            out["note"] = f"{len(total) - len(first)} of {len(total)} answers streamed no token event"
        return out

    # ---------- report ----------

    def machine(self):
        cpu = "unknown"
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if line.startswith("model name"):
                        cpu = line.split(":", 1)[1].strip()
                        break
        except OSError:
            pass
        mem = ""
        try:
            with open("/proc/meminfo") as f:
                kb = int(f.readline().split()[1])
                mem = f"{kb / (1 << 20):.1f} GiB"
        except (OSError, ValueError, IndexError):
            pass
        osname = platform.platform()
        try:
            with open("/etc/os-release") as f:
                for line in f:
                    if line.startswith("PRETTY_NAME="):
                        osname = line.split("=", 1)[1].strip().strip('"')
        except OSError:
            pass
        swift = "unknown"
        try:
            swift = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=60).stdout.strip().splitlines()[0]
        except (OSError, subprocess.SubprocessError, IndexError):
            pass
        commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip() or "none"
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain"], capture_output=True, text=True).stdout.strip()
        return dict(nproc=os.cpu_count(), cpu=cpu, mem=mem, os=osname, swift=swift,
                    sqlite=sqlite3.sqlite_version, python=platform.python_version(),
                    commit=commit + (" (with uncommitted changes)" if dirty else ""), load=os.getloadavg())

    def write(self, path, machine, runs, started, finished):
        def f(v, fmt="{:.2f}"):
            return "—" if v is None else fmt.format(v)

        def ratio(a, b):
            return "—" if not a or not b else f"{a / b:.2f}×"

        def verdict(ok):
            return "**met**" if ok else "**not met**"

        L = []
        L.append("# lore benchmark results")
        L.append("")
        L.append(f"Written by `scripts/bench.py` ({' '.join(sys.argv[1:]) or 'default options'}); see `bench/README.md` for what is measured.")
        L.append("")
        L.append(f"- Date: {started:%Y-%m-%d %H:%M} UTC (took {(finished - started).total_seconds() / 60:.1f} min)")
        L.append(f"- Machine: {machine['nproc']} cores, {machine['cpu']}, {machine['mem']} RAM, {machine['os']}")
        L.append(f"- Load average at start: {' '.join(f'{x:.2f}' for x in machine['load'])}")
        L.append(f"- {machine['swift']}; lore release build, commit {machine['commit']}")
        L.append(f"- SQLite {machine['sqlite']} (the system libsqlite3, used by both lore and the FTS5 baseline; Python {machine['python']})")
        L.append(f"- Runs: {runs} per measurement; every figure is the median over the runs "
                 f"(latency percentiles are computed within a run, then the median taken across runs)")
        L.append("")
        goals = []
        for r in self.results:
            name = r["name"]
            L.append(f"## {r['label']}")
            L.append("")
            L.append(f"{r['articles']} articles ({r['passages']} passages, {r['terms']} terms) in lore; {r['fts_rows']} rows in FTS5. "
                     f"In-process latency over {r['inproc_queries']} queries × 3 passes; whole-process latency over the first "
                     f"{r['proc_queries']} queries.")
            L.append("")
            L.append("| measure | lore | SQLite FTS5 | lore / FTS5 | goal |")
            L.append("| --- | ---: | ---: | ---: | --- |")
            ix = r["index"]
            g = ""
            if name == "win32":
                ok = ix["lore"]["wall"] <= ix["fts5"]["wall"]
                g = f"lore ≤ FTS5: {verdict(ok)}"
                goals.append(("win32-docs index build time lore ≤ FTS5", f"{ix['lore']['wall']:.1f} s vs {ix['fts5']['wall']:.1f} s", ok))
            L.append(f"| index build, wall (s) | {f(ix['lore']['wall'])} | {f(ix['fts5']['wall'])} | {ratio(ix['lore']['wall'], ix['fts5']['wall'])} | {g} |")
            L.append(f"| lore's own `seconds` (s) | {f(ix['lore']['self'])} | | | |")
            L.append(f"| index build, peak RSS (MiB) | {f(ix['lore']['rss'], '{:.0f}')} | {f(ix['fts5']['rss'], '{:.0f}')} | {ratio(ix['lore']['rss'], ix['fts5']['rss'])} | |")
            L.append(f"| index file size (MiB) | {f(ix['lore']['size'], '{:.1f}')} | {f(ix['fts5']['size'], '{:.1f}')} | {ratio(ix['lore']['size'], ix['fts5']['size'])} | |")
            ip = r["inproc"]
            g = ""
            if name == "scifact":
                ok = None if ip["lore"]["p50_ms"] is None else ip["lore"]["p50_ms"] <= 1.0
                g = "≤ 1 ms: " + ("not measured" if ok is None else verdict(ok))
                goals.append(("SciFact in-process query p50 ≤ 1 ms", f(ip["lore"]["p50_ms"], "{:.3f} ms"), ok))
            L.append(f"| in-process query p50 (ms) | {f(ip['lore']['p50_ms'], '{:.3f}')} | {f(ip['fts5']['p50_ms'], '{:.3f}')} | {ratio(ip['lore']['p50_ms'], ip['fts5']['p50_ms'])} | {g} |")
            L.append(f"| in-process query p99 (ms) | {f(ip['lore']['p99_ms'], '{:.3f}')} | {f(ip['fts5']['p99_ms'], '{:.3f}')} | {ratio(ip['lore']['p99_ms'], ip['fts5']['p99_ms'])} | |")
            L.append(f"| in-process query mean (ms) | {f(ip['lore']['mean_ms'], '{:.3f}')} | {f(ip['fts5']['mean_ms'], '{:.3f}')} | {ratio(ip['lore']['mean_ms'], ip['fts5']['mean_ms'])} | |")
            pr = r["proc"]
            g = ""
            if name == "seeds":
                ok = pr["lore"]["p50_ms"] <= 2.5 * pr["fts5"]["p50_ms"]
                g = f"≤ 2.5× FTS5: {verdict(ok)}"
                goals.append(("seeds: `lore search` process p50 ≤ 2.5× sqlite3-shell FTS5 query",
                              f"{pr['lore']['p50_ms']:.1f} ms vs {pr['fts5']['p50_ms']:.1f} ms ({pr['lore']['p50_ms'] / pr['fts5']['p50_ms']:.2f}×)", ok))
            L.append(f"| whole-process query p50 (ms): `lore search --json` / `sqlite3` shell | {f(pr['lore']['p50_ms'], '{:.1f}')} | {f(pr['fts5']['p50_ms'], '{:.1f}')} | {ratio(pr['lore']['p50_ms'], pr['fts5']['p50_ms'])} | {g} |")
            L.append(f"| whole-process query p99 (ms) | {f(pr['lore']['p99_ms'], '{:.1f}')} | {f(pr['fts5']['p99_ms'], '{:.1f}')} | {ratio(pr['lore']['p99_ms'], pr['fts5']['p99_ms'])} | |")
            L.append(f"| of those queries, with no hit | {r['empty']['lore']} | {r['empty']['fts5']} | | |")
            L.append("")
            if "ask" in r:
                a = r["ask"]
                L.append(f"**ask** (`lore ask --jsonl QUESTION` as a process, LORE_PACE_MS=0, {len(SEED_QUESTIONS)} questions × runs):")
                L.append("")
                if "skipped" in a:
                    L.append(f"skipped: {a['skipped']}")
                    goals.append(("ask: first token ≤ 20 ms", "not measured (ask failed)", None))
                else:
                    ok = a["first_ms"] is not None and a["first_ms"] <= 20
                    L.append("| measure | lore | goal |")
                    L.append("| --- | ---: | --- |")
                    L.append(f"| time to first token, p50 (ms) | {f(a['first_ms'], '{:.1f}')} | ≤ 20 ms: {verdict(ok)} |")
                    L.append(f"| time to first token, p99 (ms) | {f(a['first_p99_ms'], '{:.1f}')} | |")
                    L.append(f"| time to last token, p50 (ms) | {f(a['last_ms'], '{:.1f}')} | |")
                    L.append(f"| process exit, p50 (ms) | {f(a['total_ms'], '{:.1f}')} | |")
                    if a.get("note"):
                        L.append("")
                        L.append("Note: " + a["note"])
                    goals.append(("ask: time to first token ≤ 20 ms", f"{a['first_ms']:.1f} ms" if a["first_ms"] is not None else "no token", ok))
                L.append("")
        if goals:
            L.append("## Goals")
            L.append("")
            L.append("| goal | measured | verdict |")
            L.append("| --- | --- | --- |")
            for g, m, ok in goals:
                L.append(f"| {g} | {m} | {'not measured' if ok is None else verdict(ok)} |")
            L.append("")
        if self.problems:
            L.append("## Problems seen")
            L.append("")
            for p in self.problems:
                L.append(f"- {p}")
            L.append("")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write("\n".join(L))
        log(f"wrote {path}")


def main():
    ap = argparse.ArgumentParser(description="Benchmark lore against SQLite FTS5.")
    ap.add_argument("--runs", type=int, default=5, help="runs per measurement (default 5); medians are reported")
    ap.add_argument("--quick", action="store_true", help="smoke test: seeds and SciFact only, 1 run")
    ap.add_argument("--skip-win32", action="store_true", help="leave out the 111 MiB win32-docs corpus")
    ap.add_argument("--no-build", action="store_true", help="do not run `swift build -c release` first")
    ap.add_argument("--lore", help="the lore binary to measure (default .build/release/lore; implies --no-build)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (indexes, corpora)")
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "RESULTS.md"), help="results file (default bench/RESULTS.md)")
    args = ap.parse_args()
    runs = 1 if args.quick else max(1, args.runs)

    if not (args.no_build or args.lore):
        log("building: swift build -c release --static-swift-stdlib")
        r = subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=REPO)
        if r.returncode != 0:
            sys.exit("bench: the release build failed")
    b = Bench(args)
    if not os.access(b.lore, os.X_OK):
        sys.exit(f"bench: {b.lore} not found; run `swift build -c release`")
    started = datetime.datetime.now(datetime.timezone.utc)
    machine = b.machine()
    try:
        corpora = [b.prepare_seeds,
                   lambda: b.prepare_jsonl("scifact", "SciFact (5,183 abstracts, JSON Lines)",
                                           f"{SHARED}/scifact/corpus.jsonl", f"{SHARED}/scifact/queries.jsonl")]
        if not (args.quick or args.skip_win32):
            corpora.append(lambda: b.prepare_jsonl("win32", "win32-docs (48,205 articles, 111 MiB JSON Lines)",
                                                   f"{SHARED}/win32-docs/corpus.jsonl.xz", f"{SHARED}/win32-docs/queries.jsonl",
                                                   compressed=True))
        for prepare in corpora:
            c = prepare()
            b.results.append(b.bench_corpus(c, runs))
            if c["name"] == "win32" and not args.keep:
                shutil.rmtree(c["work"], ignore_errors=True)
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        b.write(args.out, machine, runs, started, datetime.datetime.now(datetime.timezone.utc))
    finally:
        if args.keep:
            log(f"kept {b.tmp}")
        else:
            shutil.rmtree(b.tmp, ignore_errors=True)
    for p in b.problems:
        log("problem: " + p)


if __name__ == "__main__":
    main()
