#!/usr/bin/env python3
"""measure.py ROUNDS OUT.jsonl LABEL=CMD... : run every command once per round,
in an order rotated each round, recording wall time of the whole process,
its user and system CPU (wait4 rusage), the open_ms it prints (if any) and
the 1-minute load average before each round."""
import json, os, subprocess, sys, time

def run(cmd):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = p.stdout.read(); err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s\n%s" % (cmd, err.decode()))
    rec = {"wall_ms": wall * 1000, "user_ms": ru.ru_utime * 1000, "sys_ms": ru.ru_stime * 1000, "maxrss_mb": ru.ru_maxrss / 1024}
    for tok in out.decode().split():
        if tok.startswith("open_ms="):
            rec["open_ms"] = float(tok[8:])
    return rec

def main():
    rounds, path = int(sys.argv[1]), sys.argv[2]
    cmds = [a.split("=", 1) for a in sys.argv[3:]]
    with open(path, "a") as f:
        for r in range(rounds):
            load = os.getloadavg()
            k = r % len(cmds)
            for label, cmd in cmds[k:] + cmds[:k]:
                rec = run(cmd)
                rec.update(label=label, round=r, load1=load[0], load5=load[1])
                f.write(json.dumps(rec) + "\n"); f.flush()
            print("round %d load %.2f %.2f %.2f" % (r, *load), file=sys.stderr)

if __name__ == "__main__":
    main()
