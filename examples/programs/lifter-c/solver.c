/* A Lambda Lifter solver for the 2012 interface: the map on stdin, the route on stdout.
 *
 * Greedy: a breadth-first search over the cells the robot can walk on (beards and rocks count
 * as walls, but for a rock it could push aside; trampolines are followed) finds the nearest
 * lambdas. The way to each of the few nearest is played on a copy of the mine with the full
 * rules; where the mine does not go as the search assumed (a rock fell in the way, the robot
 * would die), the cell it failed at is ruled out and the way searched again. Of the ways that
 * arrive alive, the one that leaves the most lambdas in reach is taken. With every lambda
 * taken, the lift is the target; when nothing can be reached safely, abort (A) to keep the
 * points. The route is printed once, at the end, well before the time limit the arcade gives
 * in ARCADE_TIME_LIMIT_MS (this solver keeps to half of it: the arcade stops a program at its
 * limit and judges what it had printed). */
#include "mine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TRIES 6   /* how many of the nearest targets to try before giving up */
#define REPAIRS 4 /* how many times a way to one target is searched again */

static struct timespec started;
static double budget_ms;

static double elapsed_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - started.tv_sec) * 1e3 + (now.tv_nsec - started.tv_nsec) / 1e6;
}

static int out_of_time(void) { return elapsed_ms() > budget_ms; }

/* Cells ruled out while looking for a way to one target (1: do not walk there). */
static char *banned;
/* Whether a way may push rocks (a way that does not is tried first: pushing a rock can wall
 * off what lies behind it). */
static int pushing = 1;

typedef struct {
    int *from;  /* the cell each cell was reached from (-1: not reached) */
    char *how;  /* the command that reached it */
    int *queue; /* cells in the order reached */
} Search;

/* Where a command leads from `at` on the map as it is now (a rock with room behind it can be
 * pushed aside), or -1 when it cannot go there. */
static int lead(const Mine *m, int at, char command) {
    int r = at / m->w, c = at % m->w;
    r += command == 'U' ? -1 : command == 'D' ? 1 : 0;
    c += command == 'L' ? -1 : command == 'R' ? 1 : 0;
    if (r < 0 || r >= m->h || c < 0 || c >= m->w || banned[r * m->w + c]) return -1;
    char there = m->cells[r * m->w + c];
    if (there >= 'A' && there <= 'I') {
        for (int i = 0; i < m->w * m->h; i++)
            if (m->cells[i] == m->jump[there - 'A']) return i;
        return -1;
    }
    int dc = command == 'L' ? -1 : command == 'R' ? 1 : 0;
    int pushable = pushing && (there == '*' || there == '@') && dc != 0 && c + dc >= 0 && c + dc < m->w &&
                   m->cells[r * m->w + c + dc] == ' ';
    return mine_walkable(there) || pushable ? r * m->w + c : -1;
}

/* Breadth-first from the robot; returns how many cells were reached (in s->queue). */
static int search(const Mine *m, Search *s) {
    static const char commands[] = "LRUD";
    int n = m->w * m->h, head = 0, tail = 0;
    for (int i = 0; i < n; i++) s->from[i] = -1;
    s->from[m->robot] = m->robot;
    s->queue[tail++] = m->robot;
    while (head < tail) {
        int at = s->queue[head++];
        for (int k = 0; k < 4; k++) {
            int next = lead(m, at, commands[k]);
            if (next >= 0 && s->from[next] < 0) {
                s->from[next] = at;
                s->how[next] = commands[k];
                s->queue[tail++] = next;
            }
        }
    }
    return tail;
}

/* The commands from the robot to `target` (reached by the search) into `way`, and the cell
 * the robot should be on after each into `on`; returns their count. */
static int way_to(const Mine *m, const Search *s, int target, char *way, int *on) {
    int len = 0;
    for (int at = target; at != m->robot; at = s->from[at]) len++;
    int k = len;
    for (int at = target; at != m->robot; at = s->from[at]) {
        k--;
        way[k] = s->how[at];
        on[k] = at;
    }
    return len;
}

/* Plays `way` on `trial` until the robot arrives (-1) or the mine goes otherwise than
 * planned: then the number of steps played (the robot is elsewhere) or, when the robot died
 * or time ran out, -2 - the step that killed it. */
static int play(Mine *trial, const char *way, const int *on, int len) {
    for (int i = 0; i < len; i++) {
        mine_step(trial, way[i]);
        if (trial->won) return -1;
        if (trial->dead || out_of_time()) return -2 - i;
        if (trial->robot != on[i]) return i + 1;
    }
    return -1;
}

/* The buffers of the search for a way: the way planned (and the cells on it), the commands
 * played so far, the cells ruled out. */
static Search look;
static char *way, *played;
static int *on, *ruled_out;

/* Finds and plays a way from `mine` to `target` on `trial`: its commands are in `played`,
 * their count returned, or -1 when no way was found in time. Where the mine goes otherwise
 * than planned the way is searched again from where the robot is; where the robot would die
 * the cell is ruled out and the way searched again from the start. */
static int reach(const Mine *mine, Mine *trial, int target) {
    int bans = 0, count = -1, len = 0;
    if (mine_copy(trial, mine) != 0) return -1;
    for (int repairs = 0; repairs <= REPAIRS; repairs++) {
        pushing = 0;
        if (search(trial, &look) == 0 || look.from[target] < 0) pushing = 1;
        if (pushing && (search(trial, &look) == 0 || look.from[target] < 0)) break;
        int n = way_to(trial, &look, target, way, on);
        int result = play(trial, way, on, n);
        if (result == -1 || result > 0) {
            memcpy(played + len, way, result == -1 ? n : result);
            len += result == -1 ? n : result;
        }
        if (result == -1) {
            count = len;
            break;
        }
        if (result <= -2) {
            if (out_of_time()) break;
            ruled_out[bans++] = on[-2 - result];
            banned[on[-2 - result]] = 1;
            len = 0;
            if (mine_copy(trial, mine) != 0) break;
        }
    }
    while (bans > 0) banned[ruled_out[--bans]] = 0;
    pushing = 1;
    return count;
}

/* How promising the mine is after a move: a win beats everything; then the lambdas still
 * in reach, then whether the lift is next to a reachable cell (the lift cannot be walked on
 * while it is closed). Avoids the nearest lambda when taking it walls off the others. */
static int prospects(const Mine *m, Search *look) {
    if (m->won) return 1 << 30;
    int reached = search(m, look), lambdas = 0, lift = 0;
    for (int q = 0; q < reached; q++) {
        int at = look->queue[q], r = at / m->w, c = at % m->w;
        if (m->cells[at] == '\\') lambdas++;
        for (int d = 0; d < 4; d++) {
            int nr = r + (d == 0) - (d == 1), nc = c + (d == 2) - (d == 3);
            char there = nr >= 0 && nr < m->h && nc >= 0 && nc < m->w ? m->cells[nr * m->w + nc] : '#';
            if (there == 'L' || there == 'O') lift = 1;
        }
    }
    return lambdas * 2 + lift;
}

int main(void) {
    clock_gettime(CLOCK_MONOTONIC, &started);
    const char *limit = getenv("ARCADE_TIME_LIMIT_MS");
    budget_ms = (limit ? atof(limit) : 10000.0) / 2;

    size_t size = 0, cap = 1 << 16;
    char *text = malloc(cap);
    for (size_t n; text && (n = fread(text + size, 1, cap - size - 1, stdin)) > 0;) {
        size += n;
        if (size + 1 == cap) text = realloc(text, cap *= 2);
    }
    if (!text) {
        fprintf(stderr, "no memory for the map\n");
        return 1;
    }
    text[size] = '\0';
    Mine mine, trial = {0}, best = {0};
    char why[160];
    if (mine_read(&mine, text, why, sizeof why) != 0) {
        fprintf(stderr, "cannot read the map: %s\n", why);
        return 1;
    }
    free(text);

    int cells = mine.w * mine.h, route_len = 0;
    Search s = {malloc(sizeof(int) * cells), malloc(cells), malloc(sizeof(int) * cells)};
    look = (Search){malloc(sizeof(int) * cells), malloc(cells), malloc(sizeof(int) * cells)};
    char *route = malloc(cells + 2), *best_way = malloc(cells + 1);
    way = malloc(cells + 1);
    played = malloc(cells + 1);
    on = malloc(sizeof(int) * cells);
    ruled_out = malloc(sizeof(int) * (REPAIRS + 1));
    banned = calloc(cells, 1);
    if (!s.from || !s.how || !s.queue || !look.from || !look.how || !look.queue || !route || !way ||
        !played || !best_way || !on || !ruled_out || !banned) {
        fprintf(stderr, "no memory to search a %d x %d map\n", mine.w, mine.h);
        return 1;
    }
    while (!mine.won && !out_of_time()) {
        int reached = search(&mine, &s), tried = 0, best_value = -1, best_len = 0;
        char wanted = mine.lambdas_left > 0 ? '\\' : 'O';
        for (int q = 1; q < reached && tried < TRIES && !out_of_time(); q++) {
            int target = s.queue[q];
            if (mine.cells[target] != wanted) continue;
            tried++;
            int len = reach(&mine, &trial, target);
            if (len <= 0 || route_len + len >= cells) continue; /* the judge cuts at w x h */
            int value = prospects(&trial, &look);
            if (value > best_value && mine_copy(&best, &trial) == 0) {
                best_value = value;
                best_len = len;
                memcpy(best_way, played, len);
            }
        }
        if (best_value < 0 || mine_copy(&mine, &best) != 0) break;
        memcpy(route + route_len, best_way, best_len);
        route_len += best_len;
    }
    if (!mine.won) route[route_len++] = 'A';
    route[route_len] = '\0';
    fprintf(stderr, "%d of %d lambdas, %d moves, %s, %.0f ms\n", mine.collected,
            mine.collected + mine.lambdas_left, mine.moves,
            mine.won ? "in the lift" : "aborting", elapsed_ms());
    printf("%s\n", route);
    return 0;
}
