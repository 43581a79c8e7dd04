package dev.durable.runtime;

import java.util.ServiceLoader;

/** Finds the implementations that {@code durable-runtime} registers in {@code META-INF/services}. */
final class Providers {
  private Providers() {}

  /**
   * The first implementation of {@code type} registered with the class loader that loaded it.
   *
   * @throws IllegalStateException if there is none
   */
  static <T> T load(Class<T> type) {
    return ServiceLoader.load(type, type.getClassLoader()).findFirst()
        .orElseThrow(() -> new IllegalStateException("no " + type.getName() + " found:"
            + " durable-runtime's META-INF/services entries are missing from the class path; when"
            + " shading or merging jars, keep (merge) their META-INF/services files"));
  }
}
