package dev.durable.spring.boot;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The classes Durable's annotation processor generated, as its indexes under {@code
 * META-INF/durable/} list them in every jar and class folder: the starter reads these instead of
 * scanning the class path.
 */
final class GeneratedIndex {
  /** Lists every generated {@code <Name>Durable} class, one binary name a line. */
  static final String WORKFLOWS = "META-INF/durable/workflows";

  /** Lists every step contract, its {@code Dispatch} and its {@code Worker} class, a line each. */
  static final String STEP_CONTRACTS = "META-INF/durable/step-contracts";

  /** A step contract and the classes generated for it, by binary name. */
  record StepContract(String contract, String dispatch, String worker) {}

  private final ClassLoader classLoader;

  GeneratedIndex(ClassLoader classLoader) {
    this.classLoader = classLoader;
  }

  /** The generated {@code Durable} classes' names, sorted, each once. */
  Set<String> workflows() {
    return new TreeSet<>(lines(WORKFLOWS));
  }

  /** The step contracts, sorted by the contract's name, each once. */
  List<StepContract> stepContracts() {
    List<StepContract> contracts = new ArrayList<>();
    for (String line : new TreeSet<>(lines(STEP_CONTRACTS))) {
      String[] names = line.split(" ");
      if (names.length != 3) {
        throw new IllegalStateException("a line of " + STEP_CONTRACTS + " must name a contract,"
            + " its Dispatch and its Worker class, but was '" + line + "'; rebuild the jar that"
            + " holds it with the same Durable version as the starter");
      }
      contracts.add(new StepContract(names[0], names[1], names[2]));
    }
    return contracts;
  }

  private List<String> lines(String path) {
    List<String> lines = new ArrayList<>();
    try {
      Enumeration<URL> resources = classLoader.getResources(path);
      while (resources.hasMoreElements()) {
        URL resource = resources.nextElement();
        try (BufferedReader reader = new BufferedReader(
            new InputStreamReader(resource.openStream(), StandardCharsets.UTF_8))) {
          reader.lines().map(String::strip).filter(line -> !line.isEmpty()).forEach(lines::add);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not read " + path + ": " + e.getMessage(), e);
    }
    return lines;
  }
}
