// The common part of the peer runners: read cases from standard input, run
// every setting of one library on each case in its own child process
// (fork), and write one answer line per (case, setting).
//
// Input (written by gjk-peers, src/runner.rs), one case after another:
//   case <dim> <points of a> <points of b>
//   then one line per point (a's, then b's): <dim> numbers, each printed
//   so that strtod reads back the exact double.
// Output, one line per (case, setting), in order:
//   R <case> <setting> ok <intersects> <touching> <distance> <depth>
//     (each field 0/1 or a number in %.17g, or - when the setting does not
//      answer it; an exact value may be p/q)
//   R <case> <setting> fail <kind> <message>
//     (kind: crashed, timeout, error)
// `--only SETTING` runs that setting alone; `--timeout S` sets the time
// limit per case and setting (default 10 s). `--describe` prints `S <setting> <fields> <description of its settings>`
// lines (fields: the expect fields it answers, comma-separated).
//
// A child that is killed by a signal (an abort, a segmentation fault) or
// runs past the time limit is reported for that case and setting; the run
// goes on with the next.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace peer {

struct Case {
    int dim = 0;
    std::vector<std::vector<double>> a, b;
};

// What a setting answers; unset fields are printed as "-".
struct Answer {
    int intersects = -1;
    int touching = -1;
    double distance = NAN;
    double depth = NAN;
    std::string exact;  // an exact value as text (CGAL), printed as distance
};

struct Setting {
    std::string name;
    // The expect fields it answers, comma-separated (what a failed run
    // leaves without an answer).
    std::string fields;
    std::string description;
    std::function<Answer(const Case &)> run;
};

inline bool read_case(Case &c) {
    char word[16];
    int na, nb;
    if (scanf("%15s %d %d %d", word, &c.dim, &na, &nb) != 4) return false;
    if (strcmp(word, "case") != 0 || c.dim < 1 || na < 0 || nb < 0) return false;
    auto read_set = [&](std::vector<std::vector<double>> &set, int n) {
        set.assign(n, std::vector<double>(c.dim));
        for (auto &p : set)
            for (auto &x : p) {
                char buf[64];
                if (scanf("%63s", buf) != 1) return false;
                x = strtod(buf, nullptr);
            }
        return true;
    };
    return read_set(c.a, na) && read_set(c.b, nb);
}

inline std::string field(int v) { return v < 0 ? "-" : std::to_string(v); }

inline std::string field(double v) {
    if (std::isnan(v)) return "-";
    char buf[40];
    snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

inline std::string answer_line(const Answer &a) {
    std::string distance = a.exact.empty() ? field(a.distance) : a.exact;
    return "ok " + field(a.intersects) + " " + field(a.touching) + " " + distance + " " +
           field(a.depth);
}

// Runs `setting` on `c` in a child process with a time limit.
inline std::string run_isolated(const Setting &setting, const Case &c, unsigned seconds) {
    int fd[2];
    if (pipe(fd) != 0) return "fail error pipe";
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return "fail error fork";
    if (pid == 0) {
        close(fd[0]);
        alarm(seconds);
        std::string line;
        try {
            line = answer_line(setting.run(c));
        } catch (const std::exception &e) {
            line = std::string("fail error exception: ") + e.what();
        } catch (...) {
            line = "fail error unknown exception";
        }
        for (char &ch : line)
            if (ch == '\n') ch = ' ';
        line += "\n";
        ssize_t w = write(fd[1], line.data(), line.size());
        (void)w;
        _exit(0);
    }
    close(fd[1]);
    std::string got;
    char buf[4096];
    ssize_t n;
    while ((n = read(fd[0], buf, sizeof buf)) > 0) got.append(buf, n);
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig == SIGALRM) return "fail timeout no answer within " + std::to_string(seconds) + " s";
        return std::string("fail crashed signal ") + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    if (!got.empty() && got.back() == '\n') got.pop_back();
    if (got.empty()) return "fail error the child exited with status " + std::to_string(WEXITSTATUS(status));
    return got;
}

inline int main(int argc, char **argv, const std::vector<Setting> &settings) {
    unsigned seconds = 10;
    std::string only;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--describe") == 0) {
            for (auto &s : settings) printf("S %s %s %s\n", s.name.c_str(), s.fields.c_str(), s.description.c_str());
            return 0;
        }
        if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) seconds = (unsigned)atoi(argv[++i]);
        if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
    }
    Case c;
    for (long index = 0; read_case(c); index++) {
        for (auto &s : settings) {
            if (!only.empty() && s.name != only) continue;
            std::string line = run_isolated(s, c, seconds);
            printf("R %ld %s %s\n", index, s.name.c_str(), line.c_str());
        }
        fflush(stdout);
    }
    return 0;
}

}  // namespace peer
