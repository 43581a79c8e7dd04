package dev.durable.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An engine in a JVM of its own, as a phase drives it from the bench's JVM ({@link ScaleEngine}
 * for phase (r), {@link TriggerEngine} for (u)): launched on this JVM's Java and class path (the
 * reactor's jars when Maven runs the bench), its standard error to a log. The engine's program
 * says {@value #READY} on its standard output once built, starts when it reads a line on its
 * standard input ({@link #go}), so that the engines of a pass start together, and closes when
 * its standard input ends, saying what it has to say first ({@link #finish}).
 */
final class EngineJvm implements AutoCloseable {
  static final String READY = "ready";
  private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(60);

  private final Process process;
  private final String engineId;
  private final Path log;
  private final BufferedReader out;

  private EngineJvm(Process process, String engineId, Path log) {
    this.process = process;
    this.engineId = engineId;
    this.log = log;
    this.out = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
  }

  /**
   * Launches {@code program}'s {@code main} with {@code arguments}, with at most 1 GiB of heap and
   * {@code jvmOptions}, its standard error to {@code log}.
   */
  static EngineJvm launch(Class<?> program, List<String> jvmOptions, List<String> arguments,
      String engineId, Path log) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx1g");
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), program.getName()));
    command.addAll(arguments);
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    return new EngineJvm(builder.start(), engineId, log);
  }

  String engineId() {
    return engineId;
  }

  /** Waits until the engine says it is built, at most {@code timeout}. */
  void awaitReady(Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    String line;
    while ((line = out.readLine()) != null) {
      if (line.equals(READY)) {
        return;
      }
      if (System.nanoTime() > deadline) {
        break;
      }
    }
    throw new IOException("engine " + engineId + " did not start; see its log, " + log);
  }

  /** The CPU time the engine's JVM has used so far, in nanoseconds; 0 when unknown. */
  long cpuNanos() {
    return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
  }

  /** Starts the engine. */
  void go() throws IOException {
    OutputStream in = process.getOutputStream();
    in.write('\n');
    in.flush();
  }

  /**
   * Ends the engine: closes its standard input, reads what it says until it exits, and waits for
   * it to; kills it if it does not.
   *
   * @return the lines it said after {@value #READY}
   */
  List<String> finish() throws IOException, InterruptedException {
    closeInput();
    List<String> said = new ArrayList<>();
    String line;
    while ((line = out.readLine()) != null) {
      said.add(line);
    }
    close();
    return said;
  }

  /** The engine's log, for a failure's message. */
  Path log() {
    return log;
  }

  /** Closes the engine's standard input, and waits for it to close; kills it if it does not. */
  @Override
  public void close() throws IOException, InterruptedException {
    closeInput();
    if (!process.waitFor(EXIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }

  private void closeInput() {
    try (OutputStream in = process.getOutputStream()) {
      in.flush();
    } catch (IOException e) {
      // closed already: the engine exited, or an earlier finish closed it
    }
  }
}
