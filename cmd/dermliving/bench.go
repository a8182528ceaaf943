package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/evidence"
	"github.com/dermliving/dermliving/retrieve"
)

// benchNote says exactly what each latency times.
const benchNote = "ask times dermliving.Ask. bare bleve times retrieve.Index.BareSearch (k=10): bleve.NewMatchQuery of the question " +
	"over the passage text field, analysed with the index's analyzer, and SearchInContext, as a user of bleve alone would write it. " +
	"retrieval times retrieve.Index.Search (k=10): question analysis and thesaurus expansion, " +
	"a bleve BM25 query for a pool of candidates over three fields, the coverage floor and the rerank. Each question is timed once " +
	"per step, the order of the steps rotating; ratios are ask over bare bleve, percentile by percentile, and the median " +
	"of the per-question ratios."

// benchReport is what bench prints with --json.
type benchReport struct {
	Knowledge struct {
		ID       string `json:"id"`
		Passages int    `json:"passages"`
		Bundle   string `json:"bundle"` // the directory, or "sandbox:ID"
	} `json:"knowledge"`
	Questions struct {
		File    string `json:"file"`
		N       int    `json:"n"`
		Warmup  int    `json:"warmup_passes"`
		Results struct {
			Grounded  int `json:"grounded"`
			Abstained int `json:"abstained"`
			Errors    int `json:"errors"`
		} `json:"results"`
	} `json:"questions"`
	OpenMS    float64 `json:"open_ms"`
	Memory    memory  `json:"memory"`
	Ask       latency `json:"ask"`
	Bare      latency `json:"bare_bleve"`
	Retrieval latency `json:"retrieval"`
	// Ratio is Ask's latency over the bare bleve search's.
	Ratio struct {
		P50  float64 `json:"p50"`
		P95  float64 `json:"p95"`
		P99  float64 `json:"p99"`
		Mean float64 `json:"mean"`
		// PerQuestion is the median over questions of each one's Ask
		// latency over its bare search's: paired, so steadier on a busy
		// machine than the ratio of percentiles.
		PerQuestion float64 `json:"per_question_median"`
	} `json:"ask_over_bare_bleve"`
	Throughput []throughput `json:"throughput"`
	Machine    struct {
		GOOS       string `json:"goos"`
		GOARCH     string `json:"goarch"`
		NumCPU     int    `json:"num_cpu"`
		GOMAXPROCS int    `json:"gomaxprocs"`
		Go         string `json:"go"`
		// LoadAvg is the 1-minute load average when the run ended
		// (/proc/loadavg), or "" where unavailable: other work on the
		// machine skews every figure.
		LoadAvg string `json:"load_avg_1m"`
	} `json:"machine"`
	Note string `json:"note"`
}

// latency holds percentiles in milliseconds.
type latency struct {
	P50  float64 `json:"p50_ms"`
	P95  float64 `json:"p95_ms"`
	P99  float64 `json:"p99_ms"`
	Mean float64 `json:"mean_ms"`
	Max  float64 `json:"max_ms"`
}

// memory holds heap (HeapAlloc after a GC) and resident set size in MiB; RSS
// is -1 where /proc/self/status is unavailable.
type memory struct {
	HeapAfterOpenMB float64 `json:"heap_after_open_mb"`
	RSSAfterOpenMB  float64 `json:"rss_after_open_mb"`
	HeapAfterRunMB  float64 `json:"heap_after_run_mb"`
	RSSAfterRunMB   float64 `json:"rss_after_run_mb"`
	PeakRSSMB       float64 `json:"peak_rss_mb"`
}

type throughput struct {
	Goroutines int     `json:"goroutines"`
	Questions  int     `json:"questions"`
	Seconds    float64 `json:"seconds"`
	QPS        float64 `json:"questions_per_second"`
}

func cmdBench(fs *flag.FlagSet) runFunc {
	var k kvFlags
	k.register(fs)
	questions := fs.String("questions", "", "questions `FILE`: JSON lines with a \"question\" field (required)")
	n := fs.Int("n", 200, "use the first `N` questions")
	warmup := fs.Int("warmup", 1, "`N` untimed passes over the questions before timing, filling the version's caches as a running host would")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	return func(ctx context.Context, e env, pos []string) int {
		if len(pos) > 0 || *questions == "" || *n <= 0 || *warmup < 0 {
			return fail(e, exitUsage, "bench: give --questions FILE, --n above 0 and --warmup of 0 or more")
		}
		qs, err := readQuestions(*questions, *n)
		if err != nil {
			return fail(e, exitUsage, "bench: %v", err)
		}

		var r benchReport
		r.Questions.File = *questions
		r.Questions.N = len(qs)
		r.Questions.Warmup = *warmup
		r.Note = benchNote
		r.Machine.GOOS, r.Machine.GOARCH = runtime.GOOS, runtime.GOARCH
		r.Machine.NumCPU, r.Machine.GOMAXPROCS = runtime.NumCPU(), runtime.GOMAXPROCS(0)
		r.Machine.Go = runtime.Version()

		start := time.Now()
		kv, err := k.open()
		if err != nil {
			return fail(e, exitUsage, "bench: %v", err)
		}
		r.OpenMS = ms(time.Since(start))
		defer kv.Close()
		ix, err := retrieve.Of(kv)
		if err != nil {
			return fail(e, exitUsage, "bench: %v", err)
		}
		r.Knowledge.ID, r.Knowledge.Passages = kv.ID(), kv.Len()
		r.Knowledge.Bundle = k.dir
		if r.Knowledge.Bundle == "" {
			r.Knowledge.Bundle = "sandbox:" + kv.ID()
		}
		r.Memory.HeapAfterOpenMB, r.Memory.RSSAfterOpenMB = heapMB(), rssMB("VmRSS")

		for range *warmup {
			for _, q := range qs {
				if err := ctx.Err(); err != nil {
					return fail(e, exitUsage, "bench: %v", err)
				}
				_, _ = dermliving.Ask(ctx, q, kv)
			}
		}

		// One timed run: each question is searched bare, retrieved and asked,
		// the order rotating so that no step always finds another's work in a
		// cache.
		askD := make([]time.Duration, 0, len(qs))
		bareD := make([]time.Duration, 0, len(qs))
		retD := make([]time.Duration, 0, len(qs))
		perQ := make([]float64, 0, len(qs))
		for i, q := range qs {
			if err := ctx.Err(); err != nil {
				return fail(e, exitUsage, "bench: %v", err)
			}
			var a, b, s time.Duration
			var res dermliving.Result
			var askErr error
			for step := range 3 {
				switch (i + step) % 3 {
				case 0:
					b = timed(func() { _, _ = ix.BareSearch(ctx, q, dermliving.DefaultTopK) })
				case 1:
					s = timed(func() { _, _ = ix.Search(ctx, q, dermliving.DefaultTopK) })
				case 2:
					a = timed(func() { res, askErr = dermliving.Ask(ctx, q, kv) })
				}
			}
			askD, bareD, retD = append(askD, a), append(bareD, b), append(retD, s)
			perQ = append(perQ, ratio(ms(a), ms(b)))
			switch {
			case askErr != nil:
				r.Questions.Results.Errors++
			case res.Status() == "grounded":
				r.Questions.Results.Grounded++
			default:
				r.Questions.Results.Abstained++
			}
		}
		r.Ask, r.Bare, r.Retrieval = summarise(askD), summarise(bareD), summarise(retD)
		r.Ratio.P50 = ratio(r.Ask.P50, r.Bare.P50)
		r.Ratio.P95 = ratio(r.Ask.P95, r.Bare.P95)
		r.Ratio.P99 = ratio(r.Ask.P99, r.Bare.P99)
		r.Ratio.Mean = ratio(r.Ask.Mean, r.Bare.Mean)
		slices.Sort(perQ)
		r.Ratio.PerQuestion = perQ[len(perQ)/2]

		for _, g := range []int{1, 2} {
			t, err := askThroughput(ctx, kv, qs, g)
			if err != nil {
				return fail(e, exitUsage, "bench: %v", err)
			}
			r.Throughput = append(r.Throughput, t)
		}
		r.Memory.HeapAfterRunMB, r.Memory.RSSAfterRunMB = heapMB(), rssMB("VmRSS")
		r.Memory.PeakRSSMB = rssMB("VmHWM")
		if b, err := os.ReadFile("/proc/loadavg"); err == nil {
			if f := strings.Fields(string(b)); len(f) > 0 {
				r.Machine.LoadAvg = f[0]
			}
		}

		if *asJSON {
			writeJSON(e.stdout, r)
			return exitOK
		}
		printBench(e.stdout, &r)
		return exitOK
	}
}

// readQuestions reads up to n questions from a JSON-lines file, skipping
// lines without a question.
func readQuestions(name string, n int) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var qs []string
	line := 0
	for sc.Scan() && len(qs) < n {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var in struct {
			Question string `json:"question"`
		}
		if err := json.Unmarshal(b, &in); err != nil {
			return nil, fmt.Errorf("%s line %d: %v", name, line, err)
		}
		if strings.TrimSpace(in.Question) != "" {
			qs = append(qs, in.Question)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("%s: no questions", name)
	}
	return qs, nil
}

// timed returns how long fn takes.
func timed(fn func()) time.Duration {
	start := time.Now()
	fn()
	return time.Since(start)
}

// askThroughput asks every question once, spread over g goroutines, and
// reports questions per second.
func askThroughput(ctx context.Context, kv *evidence.Version, qs []string, g int) (throughput, error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range g {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(qs) || ctx.Err() != nil {
					return
				}
				_, _ = dermliving.Ask(ctx, qs[i], kv)
			}
		})
	}
	wg.Wait()
	d := time.Since(start)
	if err := ctx.Err(); err != nil {
		return throughput{}, err
	}
	return throughput{Goroutines: g, Questions: len(qs), Seconds: d.Seconds(), QPS: float64(len(qs)) / d.Seconds()}, nil
}

// summarise returns nearest-rank percentiles.
func summarise(ds []time.Duration) latency {
	if len(ds) == 0 {
		return latency{}
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	rank := func(p float64) float64 {
		i := int(p*float64(len(s))+0.999999) - 1
		return ms(s[min(max(i, 0), len(s)-1)])
	}
	return latency{P50: rank(0.50), P95: rank(0.95), P99: rank(0.99), Mean: ms(sum / time.Duration(len(s))), Max: ms(s[len(s)-1])}
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// heapMB returns HeapAlloc in MiB after a garbage collection.
func heapMB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// rssMB reads a kB field (VmRSS, VmHWM) of /proc/self/status in MiB, or -1.
func rssMB(field string) float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return -1
	}
	defer f.Close()
	kb, err := statusField(f, field)
	if err != nil {
		return -1
	}
	return float64(kb) / 1024
}

// statusField finds "field:   123 kB" in a /proc status file.
func statusField(r io.Reader, field string) (int64, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		v := strings.Fields(rest)
		if len(v) == 0 {
			break
		}
		return strconv.ParseInt(v[0], 10, 64)
	}
	return 0, errors.New("no " + field)
}

func printBench(w io.Writer, r *benchReport) {
	fmt.Fprintf(w, "knowledge   %s, %d passages (%s)\n", r.Knowledge.ID, r.Knowledge.Passages, r.Knowledge.Bundle)
	q := r.Questions
	fmt.Fprintf(w, "questions   %d from %s, %d warm-up pass(es): %d grounded, %d abstained, %d errors\n",
		q.N, q.File, q.Warmup, q.Results.Grounded, q.Results.Abstained, q.Results.Errors)
	fmt.Fprintf(w, "open        %.1f ms\n", r.OpenMS)
	m := r.Memory
	fmt.Fprintf(w, "memory      after open: heap %.1f MiB, RSS %.1f MiB; after run: heap %.1f MiB, RSS %.1f MiB, peak RSS %.1f MiB\n",
		m.HeapAfterOpenMB, m.RSSAfterOpenMB, m.HeapAfterRunMB, m.RSSAfterRunMB, m.PeakRSSMB)
	fmt.Fprintf(w, "latency     %9s %9s %9s %9s %9s\n", "p50 ms", "p95 ms", "p99 ms", "mean ms", "max ms")
	for _, l := range []struct {
		name string
		v    latency
	}{{"ask", r.Ask}, {"bare bleve", r.Bare}, {"retrieval", r.Retrieval}} {
		fmt.Fprintf(w, "  %-10s%9.3f %9.3f %9.3f %9.3f %9.3f\n", l.name, l.v.P50, l.v.P95, l.v.P99, l.v.Mean, l.v.Max)
	}
	fmt.Fprintf(w, "  %-10s%9.2f %9.2f %9.2f %9.2f           (ask over bare bleve; per-question median %.2f)\n",
		"ask/bare", r.Ratio.P50, r.Ratio.P95, r.Ratio.P99, r.Ratio.Mean, r.Ratio.PerQuestion)
	for _, t := range r.Throughput {
		fmt.Fprintf(w, "throughput  %d goroutine(s): %.0f questions/s (%d in %.3f s)\n", t.Goroutines, t.QPS, t.Questions, t.Seconds)
	}
	fmt.Fprintf(w, "machine     %s/%s, %d CPUs, GOMAXPROCS %d, %s, load average %s\n", r.Machine.GOOS, r.Machine.GOARCH, r.Machine.NumCPU, r.Machine.GOMAXPROCS, r.Machine.Go, r.Machine.LoadAvg)
	fmt.Fprintf(w, "note        %s\n", r.Note)
}
