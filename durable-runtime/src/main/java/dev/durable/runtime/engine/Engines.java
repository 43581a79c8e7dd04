package dev.durable.runtime.engine;

import dev.durable.runtime.DurableEngine;

/** Creates engines; the one way from the public builder into this package. */
public final class Engines {
  private Engines() {}

  public static DurableEngine create(EngineConfig config) {
    throw new UnsupportedOperationException("engine not yet written");
  }
}
