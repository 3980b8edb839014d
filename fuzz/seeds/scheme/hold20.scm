; Hold at 20: keep throwing until the turn's total reaches 20.
(define (player my-total other-total accum current state)
  (< (+ accum current) 20))
