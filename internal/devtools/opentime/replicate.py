#!/usr/bin/env python3
"""replicate.py N IN OUT: write N copies of the corpus IN (JSON lines) to OUT.
Copy 0 is the corpus unchanged; copy k>=1 gives each passage the id
"<id>~r<k>" and appends " (copy <word>)" to its text, so every id and text
differs from every other. Field order and all other fields are kept."""
import json, sys

WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
         "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"]

def main():
    n, src, dst = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    with open(src, encoding="utf-8") as f:
        recs = [json.loads(l) for l in f if l.strip()]
    out = 0
    with open(dst, "w", encoding="utf-8") as w:
        for k in range(n):
            for r in recs:
                if k:
                    r = dict(r)
                    r["id"] = "%s~r%d" % (r["id"], k)
                    r["text"] = "%s (copy %s)" % (r["text"], WORDS[k])
                w.write(json.dumps(r, ensure_ascii=False) + "\n")
                out += 1
    print("%s: %d passages (%d copies of %d)" % (dst, out, n, len(recs)), file=sys.stderr)

if __name__ == "__main__":
    main()
