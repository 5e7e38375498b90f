#!/usr/bin/env python3
"""Grid-search lore's ranking parameters on IR collections with relevance judgments (never on the dev questions).

usage: python3 scripts/tune_ranking.py [--lore PATH] [--sets scifact,cranfield] GRID...
  GRID: one setting per argument, in LORE_RANKING's syntax ("passage=0.8", "k1=1.2,b=0.6,title=2").
Each setting is scored by nDCG@10 (linear gain, trec_eval's ndcg_cut) over every query with a judgment, on a
fresh index of each collection's corpus.jsonl in ../shared/bench; the defaults in Sources/Retrieval/Scoring.swift
are the setting that did best on both. Python standard library only.
"""
import argparse, csv, json, os, shutil, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(os.path.dirname(ROOT), 'shared', 'bench')
sys.path.insert(0, os.path.join(os.path.dirname(ROOT), 'shared', 'eval'))
from score import ndcg  # the dev sets' own scorer: the same nDCG@10


def run(lore, args, corpus, db, setting):
    env = dict(os.environ, NO_COLOR='1', LORE_RANKING=setting)
    r = subprocess.run([lore] + args + ['--corpus', corpus, '--db', db], capture_output=True, text=True, env=env, timeout=900)
    return [json.loads(l) for l in r.stdout.split('\n') if l.strip().startswith('{')]


def score(lore, name, setting):
    src = os.path.join(BENCH, name); d = tempfile.mkdtemp(); corpus = os.path.join(d, 'c'); os.makedirs(corpus)
    try:
        shutil.copy(os.path.join(src, 'corpus.jsonl'), os.path.join(corpus, name + '.jsonl'))
        qrels = {}
        for row in list(csv.reader(open(os.path.join(src, 'qrels.tsv')), delimiter='\t'))[1:]:
            if int(row[2]) > 0: qrels.setdefault(row[0], {})[row[1]] = int(row[2])
        db = os.path.join(d, 'i.sqlite'); run(lore, ['index'], corpus, db, setting); out = []
        for line in open(os.path.join(src, 'queries.jsonl'), encoding='utf-8'):
            q = json.loads(line)
            if q['id'] not in qrels: continue
            js = run(lore, ['search', '--json', '--limit', '10', q['text']], corpus, db, setting)
            out.append(ndcg([str(h.get('id')) for h in (js[0].get('hits') or [] if js else [])], qrels[q['id']]))
        return statistics.mean(out)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--lore', default=os.path.join(ROOT, '.build', 'release', 'lore'))
    ap.add_argument('--sets', default='scifact,cranfield')
    ap.add_argument('grid', nargs='+')
    a = ap.parse_args()
    sets = a.sets.split(',')
    print('setting'.ljust(32) + ''.join(s.rjust(12) for s in sets))
    for setting in a.grid:
        print(setting.ljust(32) + ''.join(f'{score(a.lore, s, setting):12.4f}' for s in sets), flush=True)


if __name__ == '__main__':
    main()
