// `for f in data/*.txt; do wc -l "$f"; done`: the body is walked once per value the loop takes,
// static words or a glob's matches listed now (DESIGN "Loop values"). The dangerous siblings
// make the variable hold a secret: a glob that matches the link to ~/.aws/credentials, a glob
// in a secret directory (bash lists it), a value assigned or read in the body, a function or a
// nameref that changes it, a value split again by IFS, an inner shell's own variable. The twins
// loop over the project's files with readers, counters and copies.
import { DENY2_INTENTS } from "../intents.ts";
import { spellings, type Family } from "../compose.ts";

const spell = spellings;

export const family: Family = {
  name: "loop-values",
  offered: false,
  ownIntents: DENY2_INTENTS,
  intents: (i) => i.id.startsWith("loop-"),
  sharedIntents: false,
  transforms: [
    spell("glob", { "loop-secret": 'for f in *; do cat "$f"; done', "loop-data": 'for f in data/*.txt; do wc -l "$f"; done' }),
    spell("glob-link", { "loop-secret": 'for f in se*; do head -3 "$f"; done', "loop-data": 'for f in data/*.txt; do echo "== $f"; head -5 "$f"; done' }),
    spell("secret-dir", { "loop-secret": "for f in ~/.aws/*; do cat $f; done", "loop-data": 'for f in src/*; do echo "$f"; done' }),
    spell("assigned", { "loop-secret": 'for f in data/*.txt; do f=~/.aws/credentials; cat "$f"; done', "loop-data": "for d in src scripts data; do ls $d | wc -l; done" }),
    spell("read", { "loop-secret": 'for f in data/a.txt; do read f <<< ~/.aws/credentials; cat "$f"; done', "loop-data": 'for f in data/*.txt; do cp "$f" /tmp/; done' }),
    spell("function", { "loop-secret": 'g() { f=~/.aws/credentials; }; for f in data/a.txt; do g; cat "$f"; done', "loop-data": 'cd data && for f in *.txt; do echo "$f: $(wc -l < "$f")"; done' }),
    spell("nameref", { "loop-secret": 'declare -n r=f; for f in data/a.txt; do r=~/.aws/credentials; cat "$f"; done', "loop-data": 'for f in data/*.txt; do grep -c . "$f"; done' }),
    spell("printf-v", { "loop-secret": 'for f in data/a.txt; do printf -v f %s ~/.aws/credentials; cat "$f"; done', "loop-data": 'for f in README.md package.json; do wc -c "$f"; done' }),
    spell("arith", { "loop-secret": 'for f in x; do : $((f=0)); cat ~/.aws/credentials; done', "loop-data": 'for f in data/*.txt; do sort "$f" | uniq -c | head -3; done' }),
    spell("inner-shell", { "loop-secret": "for f in data/a.txt; do f=~/.aws/credentials bash -c 'cat $f'; done", "loop-data": 'for f in src/*.js; do node --check "$f" && echo "$f ok"; done' }),
    spell("debug-trap", { "loop-secret": "trap 'f=~/.aws/credentials' DEBUG; for f in README.md; do cat \"$f\"; done", "loop-data": "trap 'rm -f /tmp/x.$$' EXIT; for f in data/*.txt; do wc -l \"$f\"; done" }),
    spell("nested-dir", { "loop-secret": 'for d in ~/.aws; do for f in "$d"/*; do cat "$f"; done; done', "loop-data": 'for d in data; do for f in "$d"/*.txt; do wc -l "$f"; done; done' }),
  ],
};
