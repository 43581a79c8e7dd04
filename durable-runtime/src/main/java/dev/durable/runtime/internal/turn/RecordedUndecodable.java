package dev.durable.runtime.internal.turn;

import dev.durable.runtime.codec.PayloadCodecException;

/**
 * The payload codec cannot decode what a replayed position recorded (its arguments): thrown by
 * the {@link ReplayLog} with where, and turned by {@link TurnControl#replayed} into the run's
 * being set aside. Not this code's doing, unlike a non-determinism.
 */
final class RecordedUndecodable extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What could not be decoded, and where: "the recorded arguments of step 'x' at position 3". */
  final String what;

  RecordedUndecodable(String what, PayloadCodecException cause) {
    super(what + ": " + cause.getMessage(), cause);
    this.what = what;
  }

  PayloadCodecException refusal() {
    return (PayloadCodecException) getCause();
  }
}
