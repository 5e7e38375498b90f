#!/usr/bin/env python3
"""Scores `lore ask` on the question sets of eval/ with ../shared/eval/score.py's answer measures.

usage: python3 scripts/score_sets.py [--lore PATH] [--corpora DIR] [SET ...]

SET names a folder of eval/train or eval/check (default: every check set). The corpora come from
eval/corpora.sh (run first; default folder .build-eval/corpora). The seed check set reads Corpus/ and also
scores its conversations. LORE_PROMPTS, if set, points lore at another Prompts folder (a model to compare).
"""
import argparse, importlib.util, os, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EVAL = os.path.join(ROOT, 'eval')


def load_score():
    spec = importlib.util.spec_from_file_location('score', os.path.join(ROOT, '..', 'shared', 'eval', 'score.py'))
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod


def set_dir(name):
    for role in ('check', 'train'):
        d = os.path.join(EVAL, role, name)
        if os.path.isdir(d): return role, d
    sys.exit(f'score_sets: no set {name!r} in eval/check or eval/train')


def corpus_of(name, corpora):
    return os.path.join(ROOT, 'Corpus') if name.startswith('seeds') else os.path.join(corpora, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--lore', default=os.path.join(ROOT, '.build', 'release', 'lore'))
    ap.add_argument('--corpora', default=os.path.join(ROOT, '.build-eval', 'corpora'))
    ap.add_argument('sets', nargs='*')
    a = ap.parse_args()
    score = load_score()
    names = a.sets or sorted(os.listdir(os.path.join(EVAL, 'check')))
    for name in names:
        role, d = set_dir(name)
        corpus = corpus_of(name, a.corpora)
        if not os.path.isdir(corpus):
            print(f'{name}: no corpus at {corpus} (run eval/corpora.sh)'); continue
        tmp = tempfile.mkdtemp()
        lore = score.Lore(os.path.abspath(a.lore), corpus, os.path.join(tmp, 'index.sqlite')); lore.run(['index'])
        score.score_answers(lore, os.path.join(d, 'questions.jsonl'), os.path.join(d, 'unanswerable.jsonl'), label=f'{role} {name:9s}')
        if os.path.exists(os.path.join(d, 'sessions.jsonl')):
            here, score.HERE = score.HERE, d   # score_sessions reads HERE/sessions.jsonl
            try: score.score_sessions(lore)
            finally: score.HERE = here


if __name__ == '__main__':
    main()
