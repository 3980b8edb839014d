/* The mine of the 2012 task and its rules (rocks, lambdas, the lift, water, trampolines,
 * beards and razors, higher-order rocks), as much as this solver needs to check its plans.
 * Rows count from 0 at the top; the task's y (1 at the bottom) is h - row. */
#ifndef MINE_H
#define MINE_H

#include <stddef.h>

typedef struct {
    int w, h;
    char *cells;      /* h rows of w characters, row 0 at the top */
    char *before;     /* the cells as they were before the update being made */
    int *beard_clock; /* per cell: updates until that beard grows (NULL when no beards) */
    int robot;        /* cell index of the robot */
    int lambdas_left; /* \ and @ still on the map */
    int collected;
    int moves;
    int razors;
    int water, flooding, waterproof, underwater;
    int growth;
    char jump[9];     /* trampoline A..I -> target digit '1'..'9' (0: none) */
    int dead, won;
} Mine;

/* Reads a map (rows, a blank line, metadata). Returns 0, or -1 with a message in `why`. */
int mine_read(Mine *m, const char *text, char *why, size_t why_size);

/* A deep copy into `to`, whose buffers are reused when present (same map size). */
int mine_copy(Mine *to, const Mine *from);

void mine_free(Mine *m);

/* Plays one command (L R U D W S) and the map update after it. */
void mine_step(Mine *m, char command);

/* Whether the robot may stand on this cell's character (trampolines aside). */
int mine_walkable(char c);

#endif
