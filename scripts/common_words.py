#!/usr/bin/env python3
"""Writes Prompts/common_words_en.txt: how common each English word stem is in general text, so that a question
word a small corpus never uses ("pick", "wrong", "grab") weighs less as evidence that the corpus lacks the topic
than a rare one ("kernel", "buttermilk").

usage: python3 scripts/common_words.py [--out FILE] [--floor 3.0]
Needs wordfreq and snowballstemmer (pip, in a virtual environment of its own); only the written file ships.
Each word of wordfreq's English list with a Zipf frequency of at least --floor (log10 of its occurrences per
billion words: 7 for "the", 3 for about one in a million) is split at non-letters, each piece stemmed with
Snowball's English stemmer (the one lore's analyzer uses), and a stem keeps the highest frequency of its words.
The file has one line per frequency band of 0.1: the band, then its stems."""
import argparse, collections, importlib.metadata, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = """# How common English word stems are in general text, on the Zipf scale (log10 of occurrences per billion words).
# One line per band of 0.1: the band, then the Snowball English stems whose most common word falls in it.
# Written by scripts/common_words.py from wordfreq {version} (Robyn Speer; https://github.com/rspeer/wordfreq).
# This file is derived from wordfreq's data and, like it, licensed CC BY-SA 4.0
# (https://creativecommons.org/licenses/by-sa/4.0/). wordfreq's sources: Google Books Ngrams, Wikipedia,
# the Leeds Internet Corpus, OpenSubtitles, SUBTLEX, Twitter, Reddit and others (see its README).
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--out', default=os.path.join(ROOT, 'Prompts', 'common_words_en.txt'))
    ap.add_argument('--floor', type=float, default=3.0)
    a = ap.parse_args()
    import snowballstemmer, wordfreq
    stem = snowballstemmer.stemmer('english').stemWord
    best = {}
    for w in wordfreq.top_n_list('en', 200000):
        z = wordfreq.zipf_frequency(w, 'en')
        if z < a.floor: break
        for piece in re.split(r'[^a-z0-9]+', w):
            if not re.search('[a-z]', piece): continue
            s = stem(piece)
            best[s] = max(best.get(s, 0.0), z)
    bands = collections.defaultdict(list)
    for s, z in best.items():
        bands[int(z * 10 + 1e-9) / 10].append(s)
    with open(a.out, 'w', encoding='utf-8') as f:
        f.write(HEADER.format(version=importlib.metadata.version('wordfreq')))
        for band in sorted(bands, reverse=True):
            f.write(f'{band:.1f} ' + ' '.join(sorted(bands[band])) + '\n')
    print(f'wrote {a.out}: {len(best)} stems')


if __name__ == '__main__':
    main()
