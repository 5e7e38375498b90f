#!/usr/bin/env python3
"""Compares forms of the sentence ranker offline, leave-one-set-out, on the candidates lore writes.

usage: python3 scripts/ranker_forms.py [--lore PATH] [--with-train] [--dump FILE] [--trees]

For each development set in turn, the ranker is fitted on the others and judged on it by where the key-fact
sentences land in its order: the share of key facts held by one of the top 3 (r@3) and top 8 (r@8)
candidates, and the mean reciprocal rank of a question's first key-fact sentence. Forms compared:
- the linear pairwise ranker `fit_answer_model.py` ships;
- the same with each coverage feature also divided by its best value among the question's candidates
  (a candidate's coverage relative to the pool's);
- with --trees, gradient-boosted trees with a LambdaRank objective (LightGBM; install it into a virtual
  environment of your own: it is a measuring tool here, never a need of lore).
--dump keeps the candidates in FILE (written when missing, read when present), since writing them runs
`lore ask` on every question. Only the linear form ships; ARCHITECTURE.md (round 45) has the figures.
"""
import argparse, json, os, sys
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit_answer_model as F

COVERAGE = ['coverage', 'coverage_ratio', 'context_coverage', 'clause_coverage', 'bm25_ratio', 'paragraph_coverage',
            'window_coverage', 'synonym_coverage']


def questions(data, transform=None):
    """Per set: (item, features, the candidates holding each key fact) of every answerable question with
    candidates; `transform` maps a question's feature matrix to the one the form ranks on."""
    out = {}
    for s, items in data.items():
        out[s] = []
        for it in items:
            r = it['record']
            if not it['answerable'] or not r or not r['candidates']: continue
            X = np.array([c['f'] for c in r['candidates']], float)
            if transform: X = transform(X)
            texts = [F.norm(c['text']) for c in r['candidates']]
            hold = [[i for i, t in enumerate(texts) if any(F.norm(p) in t for p in f)] for f in it['facts']]
            item = dict(it, record=dict(r, candidates=[dict(c, f=list(x)) for c, x in zip(r['candidates'], X)]))
            out[s].append((item, X, [h for h in hold if h]))
    return out


def judged(qs, scores):
    """r@3, r@8 and MRR of `scores` (a function of a question's feature matrix) on one set."""
    r3 = r8 = total = 0; rr = []
    for (_, X, hold) in qs:
        order = np.argsort(-scores(X)); rank = np.empty(len(order), int); rank[order] = np.arange(len(order))
        best = [rank[h].min() for h in hold]
        total += len(best); r3 += sum(b < 3 for b in best); r8 += sum(b < 8 for b in best)
        if best: rr.append(1 / (1 + min(best)))
    return r3 / max(total, 1), r8 / max(total, 1), float(np.mean(rr)) if rr else 0.0


def linear(train):
    coef, bias, mean, scale = F.pairwise([q[0] for q in train], F.L2_SENTENCE)
    return lambda X: ((X - mean) / scale) @ coef + bias


def trees(train):
    import lightgbm as lgb
    labelled = []
    for (_, X, hold) in train:
        y = np.zeros(len(X))
        for h in hold: y[h] = 1
        if y.any() and not y.all(): labelled.append((X, y))
    d = lgb.Dataset(np.vstack([X for X, _ in labelled]), np.concatenate([y for _, y in labelled]), group=[len(y) for _, y in labelled])
    params = dict(objective='lambdarank', verbosity=-1, num_leaves=3, learning_rate=0.05, min_data_in_leaf=50,
                  feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1, lambdarank_truncation_level=20, num_threads=2, seed=1)
    return lgb.train(params, d, 300).predict


def relative(idx):
    """Each coverage feature also as its share of the best value among the question's candidates."""
    def t(X):
        best = X[:, idx].max(0); best[best <= 1e-9] = 1
        return np.hstack([X, X[:, idx] / best])
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--lore', default=os.path.join(F.ROOT, '.build', 'release', 'lore'))
    ap.add_argument('--with-train', action='store_true', help='add the sets of eval/train (run eval/corpora.sh first)')
    ap.add_argument('--corpora', default=os.path.join(F.ROOT, '.build-eval', 'corpora'))
    ap.add_argument('--dump', help='candidates kept in this file: read when present, written when missing')
    ap.add_argument('--trees', action='store_true', help='also gradient-boosted trees (needs lightgbm)')
    a = ap.parse_args()
    if a.dump and os.path.exists(a.dump):
        data = json.load(open(a.dump))
    else:
        if a.with_train: F.add_sets(F.train_sets(a.corpora))
        prompts = F.prompts_without_models(json.load(open(os.path.join(F.ROOT, 'Prompts', 'answer_model.json'))))
        data = {s: F.dump(a.lore, s, prompts) for s in F.SETS}
        if a.dump: json.dump(data, open(a.dump, 'w'))
    names = next(it['record'] for s in data for it in data[s] if it['record'])['feature_names']
    qs = questions(data)
    forms = [('linear pairwise (ships)', qs, linear),
             ('linear + coverage relative to the pool', questions(data, relative([names.index(n) for n in COVERAGE if n in names])), linear)]
    if a.trees: forms.append(('gradient-boosted trees (LambdaRank)', qs, trees))
    for label, sets, fit in forms:
        rows = {s: judged(sets[s], fit([q for t in sets if t != s for q in sets[t]])) for s in sets}
        mean = np.mean(list(rows.values()), 0)
        print(f'{label:40s} r@3 {mean[0]:.3f}  r@8 {mean[1]:.3f}  MRR {mean[2]:.3f}   '
              + ' '.join(f'{s} {r[1]:.2f}' for s, r in rows.items()), flush=True)


if __name__ == '__main__':
    main()
