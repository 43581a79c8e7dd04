package dev.durable.annotations;

/**
 * What a {@link Schedule} does with fire times that passed while no engine was running (an outage,
 * a deploy): fire times handled at most a minute late are on time and always fire; older ones were
 * missed.
 */
public enum CatchUp {
  /** One run, for the latest of the fire times due, missed or not. The default. */
  LATEST,
  /**
   * One run per fire time due, missed or not, oldest first; at most the newest 100 of them after a
   * long outage (the older ones are skipped and logged).
   */
  ALL,
  /** No run for a missed fire time: only fire times on time start runs. */
  NONE
}
