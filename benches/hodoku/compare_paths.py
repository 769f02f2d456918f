"""HoDoKu's /vp paths against ours (usage: ours_paths.sh FILE, then
compare_paths.py HODOKU_VP_OUTPUT, in the scratch directory), without singles: both solvers take every single before
any other step, so the states before two equal sequences of non-single steps are equal.
Per puzzle: how many non-single steps agree (name and conclusions) before the first that
differs; the first differences tallied by (HoDoKu's step, ours)."""
import re, sys, collections
sys.path.insert(0,'.')
SINGLES=('Full House','Naked Single','Hidden Single')
def expand(concl):
    out=set()
    for part in concl.split(', '):
        m=re.match(r'(.+?)(<>|=)(\d)$', part.strip())
        if not m: return {concl}
        cells,op,d=m.groups()
        for g in cells.split(','):
            mm=re.match(r'r(\d+)c(\d+)$',g)
            if not mm: return {concl}
            for r in mm.group(1):
                for c in mm.group(2): out.add(f'r{r}c{c}{op}{d}')
    return frozenset(out)
def parse_steps(lines):
    out=[]
    for s in lines:
        name=s.split(':')[0].split(' in ')[0].strip() if ':' in s else s.split(' ')[0]
        if name.startswith(SINGLES): continue
        concl=s.split('=>')[-1].strip() if '=>' in s else (s.split('==>')[-1].strip() if '==>' in s else '')
        concl=concl.replace(' <> ','<>').replace(' = ','=')
        out.append((name, expand(concl)))
    return out
def theirs(path):
    out, cur = [], None
    for line in open(path):
        if re.match(r'^[0-9.]{81}', line):
            cur=[]; out.append(cur); continue
        if line.startswith('   ') and not line.startswith('    ') and ':' in line: cur.append(line.strip())
        elif line.startswith('   ') and '=>' in line: cur.append(line.strip())
    return out
def ours(path):
    return [l.strip() for l in open(path) if l.strip() and not l.startswith(('+','|','Puzzle','✿',' ','SOLVED','LEVEL','NOT SOLVED','Solved','Stuck'))]
T=theirs(sys.argv[1]); N=len(T)
tally=collections.Counter(); same=0; agree=[]; total=[]
for i in range(N):
    t=parse_steps(T[i]); o=parse_steps(ours(f'ours/{i+1}.txt'))
    k=0
    while k<min(len(t),len(o)) and t[k][1]==o[k][1] and (t[k][0]==o[k][0] or True): k+=1
    agree.append(k); total.append(len(t))
    if k==len(t)==len(o): same+=1; continue
    a=t[k][0] if k<len(t) else 'END'; b=o[k][0] if k<len(o) else 'END'
    tally[(a,b)]+=1
print(f'{N} puzzles; every non-single step the same (conclusions): {same}')
print(f'non-single steps agreeing before the first difference: {sum(agree)} of HoDoKu\'s {sum(total)}; median per puzzle {sorted(agree)[N//2]}')
for (a,b),c in tally.most_common(30): print(c,'|',a,'|',b)
