#!/usr/bin/env python3
"""Writes the repertoire of the chart's font (assets/NotoSansCJKsc-Regular-subset.otf) as
pyftsubset's --unicodes-file: ASCII, Latin-1, general punctuation, arrows, enclosed numbers,
geometric shapes, CJK symbols and punctuation, half- and full-width forms, every GB2312
character, and Big5's frequently used hanzi (level 1, 0xA440-0xC67E). See assets/README.md.

Usage: python3 assets/font-subset.py  (writes unicodes.txt in the current folder)
"""
chars = set()
for c in range(0x20, 0x7F): chars.add(c)
for c in range(0xA0, 0x100): chars.add(c)
for c in range(0x2000, 0x2070): chars.add(c)   # general punctuation
for c in range(0x2190, 0x2200): chars.add(c)   # arrows
for c in range(0x2460, 0x24FF): chars.add(c)   # enclosed alphanumerics ①
for c in range(0x25A0, 0x2600): chars.add(c)   # geometric shapes ●▲■
for c in range(0x3000, 0x3040): chars.add(c)   # CJK symbols and punctuation
for c in range(0xFF00, 0xFFF0): chars.add(c)   # half-width and full-width forms
def table(codec, rows, cols):
    for hi in rows:
        for lo in cols:
            try:
                s = bytes([hi, lo]).decode(codec)
            except UnicodeDecodeError:
                continue
            chars.update(ord(c) for c in s)
table('gb2312', range(0xA1, 0xF8), range(0xA1, 0xFF))
# Big5 level 1 (frequently used hanzi): 0xA440-0xC67E
table('big5', range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
with open('unicodes.txt', 'w') as f:
    f.write(','.join('U+%04X' % c for c in sorted(chars)))
print(len(chars))
