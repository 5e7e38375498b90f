#!/usr/bin/env python3
"""Writes Prompts/synonyms_en.txt: for each common English word stem, the stems of its synonyms, so that the answer
tool can tell that a sentence with "large" answers a question that says "huge" (`synonym_coverage`, a feature of
the sentence model).

usage: python3 scripts/synonyms.py [--wordnet DIR] [--senses 3] [--out FILE]
Needs WordNet 3.0's database (Debian's wordnet-base: /usr/share/wordnet) and snowballstemmer (pip, in a virtual
environment of its own); only the written file ships.

A word's synonyms are the other one-word lemmas of its first --senses synsets in each part of speech (WordNet
orders a word's senses by how often they were seen in its tagged corpus), and for an adjective also those of the
synsets its senses are "similar to" ("huge" → "large"). Words are keyed by their Snowball English stem (the one
lore's analyzer uses), a stem taking the synonyms of all its words. Heads and synonyms are kept only when the stem
is in Prompts/common_words_en.txt: questions put things in everyday words, and a rare word's senses are mostly
technical ones of another field. The analyzer's stop words lend no senses and are no synonyms."""
import argparse, collections, importlib.metadata, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POS = {'n': 'noun', 'v': 'verb', 'a': 'adj', 'r': 'adv'}
HEADER = """# Synonyms of common English word stems: the head stem, then the stems of its synonyms, one line per head, sorted
# bytewise by head (lore looks a head up by binary search). Written by scripts/synonyms.py from WordNet 3.0 (first
# {senses} senses per part of speech, and for adjectives the synsets they are similar to), stemmed with Snowball's
# English stemmer, limited to the stems of common_words_en.txt. WordNet's license, which covers this file:
#
"""
# WordNet 3.0's license, as its distribution carries it: it asks that the notice appear on all copies, modified ones too.
LICENSE = """This software and database is being provided to you, the LICENSEE, by
Princeton University under the following license.  By obtaining, using
and/or copying this software and database, you agree that you have
read, understood, and will comply with these terms and conditions.:

Permission to use, copy, modify and distribute this software and
database and its documentation for any purpose and without fee or
royalty is hereby granted, provided that you agree to comply with
the following copyright notice and statements, including the disclaimer,
and that the same appear on ALL copies of the software, database and
documentation, including modifications that you make for internal
use or for distribution.

WordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved.

THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON
UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR
IMPLIED.  BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON
UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANT-
ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE
OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT
INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR
OTHER RIGHTS.

The name of Princeton University or Princeton may not be used in
advertising or publicity pertaining to distribution of the software
and/or database.  Title to copyright in this software, database and
any associated documentation shall at all times remain with
Princeton University and LICENSEE agrees to preserve same.
"""


def synsets(wordnet):
    """(pos, offset) -> (one-word lemmas, synsets it is similar to)."""
    out = {}
    for p, name in POS.items():
        for line in open(os.path.join(wordnet, 'data.' + name), encoding='latin-1'):
            if line.startswith(' '):
                continue
            f = line.split()
            count = int(f[3], 16)
            lemmas = [re.sub(r'\(.*\)$', '', f[4 + 2 * i]).lower() for i in range(count)]
            i = 4 + 2 * count
            similar = [(f[i + 3 + 4 * j] if f[i + 3 + 4 * j] != 's' else 'a', f[i + 2 + 4 * j])
                       for j in range(int(f[i])) if f[i + 1 + 4 * j] == '&']
            out[(p, f[0])] = ([w for w in lemmas if re.fullmatch(r'[a-z]+', w)], similar)
    return out


def synonyms(wordnet, senses):
    """One-word lemma -> its synonyms."""
    sets, out = synsets(wordnet), collections.defaultdict(set)
    for p, name in POS.items():
        for line in open(os.path.join(wordnet, 'index.' + name), encoding='latin-1'):
            if line.startswith(' '):
                continue
            f = line.split()
            lemma, pointers = f[0], int(f[3])
            if not re.fullmatch(r'[a-z]+', lemma):
                continue
            for offset in f[4 + pointers + 2:][:senses]:
                words, similar = sets.get((p, offset), ([], []))
                out[lemma].update(words)
                if p == 'a':
                    for key in similar:
                        out[lemma].update(sets.get(key, ([], []))[0])
            out[lemma].discard(lemma)
    return out


def stop_words():
    """The analyzer's English stop words (`StopFilter.english`): a stop word is never a question's term, and its
    senses must not reach the content word it shares a stem with ("quite" would lend "rather" to "quit")."""
    src = open(os.path.join(ROOT, 'Sources', 'Analysis', 'StopFilter.swift'), encoding='utf-8').read()
    body = re.search(r'static let english: Set<String> = \[(.*?)\]', src, re.S).group(1)
    return set(re.findall(r'"([^"]+)"', re.sub(r'//[^\n]*', '', body)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--wordnet', default='/usr/share/wordnet')
    ap.add_argument('--senses', type=int, default=3)
    ap.add_argument('--out', default=os.path.join(ROOT, 'Prompts', 'synonyms_en.txt'))
    a = ap.parse_args()
    import snowballstemmer
    stem = snowballstemmer.stemmer('english').stemWord
    common = set()
    for line in open(os.path.join(ROOT, 'Prompts', 'common_words_en.txt'), encoding='utf-8'):
        if not line.startswith('#'):
            common.update(line.split()[1:])
    stop = stop_words()
    by_stem = collections.defaultdict(set)
    for lemma, words in synonyms(a.wordnet, a.senses).items():
        s = stem(lemma)
        if s in common and lemma not in stop:
            by_stem[s].update(x for x in map(stem, (w for w in words if w not in stop)) if x != s and x in common)
    with open(a.out, 'w', encoding='utf-8') as out:
        out.write(HEADER.format(senses=a.senses))
        out.write(''.join(('# ' + l).rstrip() + '\n' for l in LICENSE.splitlines()))
        for s in sorted(by_stem):
            if by_stem[s]:
                out.write(s + ' ' + ' '.join(sorted(by_stem[s])) + '\n')
    print(f"{a.out}: {sum(1 for s in by_stem if by_stem[s])} stems, {sum(map(len, by_stem.values()))} synonyms "
          f"(snowballstemmer {importlib.metadata.version('snowballstemmer')})")


if __name__ == '__main__':
    main()
