/* The mine's rules (the 2012 task and its addenda): reading a map, a robot's command, and the
 * map update that follows it (cells bottom to top, left to right, every read from the state
 * before the update). */
#include "mine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_rock(char c) { return c == '*' || c == '@'; }

int mine_walkable(char c) { return c == ' ' || c == '.' || c == '\\' || c == 'O' || c == '!'; }

/* The metadata line `line` (without its end), if it is one we know. */
static void read_metadata(Mine *m, const char *line) {
    int n;
    char from, to;
    if (sscanf(line, "Trampoline %c targets %c", &from, &to) == 2) {
        if (from >= 'A' && from <= 'I' && to >= '1' && to <= '9') m->jump[from - 'A'] = to;
    } else if (sscanf(line, "Waterproof %d", &n) == 1) {
        m->waterproof = n;
    } else if (sscanf(line, "Water %d", &n) == 1) {
        m->water = n;
    } else if (sscanf(line, "Flooding %d", &n) == 1) {
        m->flooding = n;
    } else if (sscanf(line, "Growth %d", &n) == 1) {
        m->growth = n;
    } else if (sscanf(line, "Razors %d", &n) == 1) {
        m->razors = n;
    }
}

int mine_read(Mine *m, const char *text, char *why, size_t why_size) {
    memset(m, 0, sizeof *m);
    m->waterproof = 10;
    m->growth = 25;
    /* First pass: the map's size (rows up to the first blank line). */
    int rows = 0, width = 0;
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, '\n');
        int len = end ? (int)(end - p) : (int)strlen(p);
        if (len > 0 && p[len - 1] == '\r') len--;
        if (len == 0) break;
        if (len > width) width = len;
        rows++;
        p = end ? end + 1 : p + strlen(p);
    }
    if (rows == 0) {
        snprintf(why, why_size, "the map is empty");
        return -1;
    }
    m->w = width;
    m->h = rows;
    m->cells = malloc((size_t)width * rows);
    m->before = malloc((size_t)width * rows);
    if (!m->cells || !m->before) {
        snprintf(why, why_size, "no memory for a %d x %d map", width, rows);
        return -1;
    }
    memset(m->cells, ' ', (size_t)width * rows);
    m->robot = -1;
    int has_beards = 0;
    p = text;
    for (int r = 0; r < rows; r++) {
        const char *end = strchr(p, '\n');
        int len = end ? (int)(end - p) : (int)strlen(p);
        if (len > 0 && p[len - 1] == '\r') len--;
        for (int c = 0; c < len; c++) {
            char ch = p[c];
            int i = r * width + c;
            m->cells[i] = ch;
            if (ch == 'R') m->robot = i;
            if (ch == '\\' || ch == '@') m->lambdas_left++;
            if (ch == 'W') has_beards = 1;
        }
        p = end ? end + 1 : p + strlen(p);
    }
    if (m->robot < 0) {
        snprintf(why, why_size, "the map has no robot (R)");
        return -1;
    }
    for (const char *line = p; *line;) {
        const char *end = strchr(line, '\n');
        char buf[128];
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len >= sizeof buf) len = sizeof buf - 1;
        memcpy(buf, line, len);
        buf[len] = '\0';
        read_metadata(m, buf);
        line = end ? end + 1 : line + strlen(line);
    }
    if (has_beards) {
        m->beard_clock = malloc(sizeof(int) * (size_t)width * rows);
        if (!m->beard_clock) {
            snprintf(why, why_size, "no memory for the beards of a %d x %d map", width, rows);
            return -1;
        }
        for (int i = 0; i < width * rows; i++) m->beard_clock[i] = m->growth - 1;
    }
    return 0;
}

int mine_copy(Mine *to, const Mine *from) {
    size_t n = (size_t)from->w * from->h;
    char *cells = to->cells ? to->cells : malloc(n);
    char *before = to->before ? to->before : malloc(n);
    int *clock = to->beard_clock;
    if (from->beard_clock && !clock) clock = malloc(sizeof(int) * n);
    if (!cells || !before || (from->beard_clock && !clock)) return -1;
    *to = *from;
    to->cells = cells;
    to->before = before;
    to->beard_clock = from->beard_clock ? clock : NULL;
    memcpy(cells, from->cells, n);
    if (from->beard_clock) memcpy(clock, from->beard_clock, sizeof(int) * n);
    return 0;
}

void mine_free(Mine *m) {
    free(m->cells);
    free(m->before);
    free(m->beard_clock);
    m->cells = m->before = NULL;
    m->beard_clock = NULL;
}

/* Uses trampoline `letter`: the robot lands on its target; the target and every trampoline
 * leading there are gone. */
static void jump(Mine *m, char letter) {
    char target = m->jump[letter - 'A'];
    int n = m->w * m->h, landing = m->robot;
    for (int i = 0; i < n; i++) {
        char c = m->cells[i];
        if (c == target) landing = i;
        if (c >= 'A' && c <= 'I' && m->jump[c - 'A'] == target) m->cells[i] = ' ';
    }
    m->cells[m->robot] = ' ';
    m->robot = landing;
    m->cells[landing] = 'R';
}

static void move_robot(Mine *m, char command) {
    int r = m->robot / m->w, c = m->robot % m->w;
    int dr = command == 'U' ? -1 : command == 'D' ? 1 : 0;
    int dc = command == 'L' ? -1 : command == 'R' ? 1 : 0;
    int nr = r + dr, nc = c + dc;
    if (nr < 0 || nr >= m->h || nc < 0 || nc >= m->w) return; /* off the map: a wait */
    int to = nr * m->w + nc;
    char there = m->cells[to];
    if (there >= 'A' && there <= 'I') {
        jump(m, there);
        return;
    }
    if (mine_walkable(there)) {
        if (there == '\\') m->collected++, m->lambdas_left--;
        if (there == '!') m->razors++;
        if (there == 'O') m->won = 1;
    } else if (dr == 0 && is_rock(there)) {
        int bc = nc + dc;
        if (bc < 0 || bc >= m->w || m->cells[nr * m->w + bc] != ' ') return;
        m->cells[nr * m->w + bc] = there;
    } else {
        return;
    }
    m->cells[m->robot] = ' ';
    m->cells[to] = 'R';
    m->robot = to;
}

static void shave(Mine *m) {
    if (m->razors == 0) return;
    m->razors--;
    int r = m->robot / m->w, c = m->robot % m->w;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int nr = r + dr, nc = c + dc;
            if (nr >= 0 && nr < m->h && nc >= 0 && nc < m->w && m->cells[nr * m->w + nc] == 'W')
                m->cells[nr * m->w + nc] = ' ';
        }
}

/* The cell's character before the update; outside the map counts as a wall. */
static char was(const Mine *m, int r, int c) {
    return r < 0 || r >= m->h || c < 0 || c >= m->w ? '#' : m->before[r * m->w + c];
}

/* A rock falls from (r, c) to (nr, nc): a higher-order rock landing on something breaks
 * into a lambda; a rock arriving just above the robot crushes it. */
static void fall(Mine *m, int r, int c, int nr, int nc) {
    char rock = was(m, r, c);
    if (rock == '@' && was(m, nr + 1, nc) != ' ') rock = '\\';
    m->cells[r * m->w + c] = ' ';
    m->cells[nr * m->w + nc] = rock;
    if (nr * m->w + nc == m->robot - m->w) m->dead = 1;
}

static void grow(Mine *m, int r, int c) {
    int *clock = &m->beard_clock[r * m->w + c];
    if (*clock > 0) {
        (*clock)--;
        return;
    }
    *clock = m->growth - 1;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if (was(m, r + dr, c + dc) == ' ') {
                m->cells[(r + dr) * m->w + c + dc] = 'W';
                m->beard_clock[(r + dr) * m->w + c + dc] = m->growth - 1;
            }
}

static void update(Mine *m) {
    memcpy(m->before, m->cells, (size_t)m->w * m->h);
    for (int r = m->h - 1; r >= 0; r--)
        for (int c = 0; c < m->w; c++) {
            char ch = was(m, r, c), below = was(m, r + 1, c);
            if (is_rock(ch)) {
                if (below == ' ')
                    fall(m, r, c, r + 1, c);
                else if (is_rock(below) && was(m, r, c + 1) == ' ' && was(m, r + 1, c + 1) == ' ')
                    fall(m, r, c, r + 1, c + 1);
                else if (is_rock(below) && was(m, r, c - 1) == ' ' && was(m, r + 1, c - 1) == ' ')
                    fall(m, r, c, r + 1, c - 1);
                else if (below == '\\' && was(m, r, c + 1) == ' ' && was(m, r + 1, c + 1) == ' ')
                    fall(m, r, c, r + 1, c + 1);
            } else if (ch == 'L' && m->lambdas_left == 0) {
                m->cells[r * m->w + c] = 'O';
            } else if (ch == 'W' && m->beard_clock) {
                grow(m, r, c);
            }
        }
}

void mine_step(Mine *m, char command) {
    if (m->dead || m->won) return;
    m->moves++;
    if (command == 'S')
        shave(m);
    else if (command != 'W')
        move_robot(m, command);
    if (m->won) return;
    update(m);
    int level = m->water + (m->flooding > 0 ? (m->moves - 1) / m->flooding : 0);
    int y = m->h - m->robot / m->w;
    m->underwater = y <= level ? m->underwater + 1 : 0;
    if (m->underwater > m->waterproof) m->dead = 1;
}
