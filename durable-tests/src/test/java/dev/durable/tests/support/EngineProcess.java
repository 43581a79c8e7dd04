package dev.durable.tests.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An engine in a child JVM ({@link LoadChild}, or another main class that prints {@link
 * LoadChild#READY} once its engine is started) on the test's class path: its output (standard out
 * and error, so its log too) is collected line by line, and it can be awaited until its engine is
 * started and killed with {@code destroyForcibly}, as a crash would.
 */
public final class EngineProcess implements AutoCloseable {
  private static final List<String> JVM_OPTIONS = List.of(
      // small and quick to start on a busy two-core machine
      "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx256m");

  private final String engineId;
  private final Process process;
  private final List<String> output = new ArrayList<>();
  private final CountDownLatch ready = new CountDownLatch(1);
  private final long startedAt = System.nanoTime();
  private final Thread reader;
  private volatile boolean killed;

  private EngineProcess(String engineId, Process process) {
    this.engineId = engineId;
    this.process = process;
    reader = new Thread(this::read, "output-of-" + engineId);
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@link LoadChild} with engine id {@code engineId} and the other {@code options}. */
  public static EngineProcess start(String engineId, List<String> options) {
    return start(LoadChild.class, engineId, options);
  }

  /**
   * Starts {@code main} with arguments {@code id=engineId} and the other {@code options}; it prints
   * {@link LoadChild#READY} once its engine is started.
   */
  public static EngineProcess start(Class<?> main, String engineId, List<String> options) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JVM_OPTIONS);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.add("id=" + engineId);
    command.addAll(options);
    try {
      return new EngineProcess(
          engineId, new ProcessBuilder(command).redirectErrorStream(true).start());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start engine process " + engineId, e);
    }
  }

  private void read() {
    try (BufferedReader lines = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        synchronized (output) {
          output.add(line);
        }
        if (line.startsWith(LoadChild.READY)) {
          ready.countDown();
        }
      }
    } catch (IOException e) {
      // the process was killed
    }
  }

  public String engineId() {
    return engineId;
  }

  public long pid() {
    return process.pid();
  }

  /** Whether its engine is started. */
  public boolean isReady() {
    return ready.getCount() == 0;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** How long ago the process was started. */
  public Duration age() {
    return Duration.ofNanos(System.nanoTime() - startedAt);
  }

  /** Waits until its engine is started; fails with its output if it is not within {@code timeout}. */
  public void awaitReady(Duration timeout) {
    try {
      if (ready.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new AssertionError("engine " + engineId + " did not start within " + timeout
        + (process.isAlive() ? "" : " (it exited with " + process.exitValue() + ")")
        + "; its output:\n" + String.join("\n", output()));
  }

  /** Everything it printed so far. */
  public List<String> output() {
    synchronized (output) {
      return List.copyOf(output);
    }
  }

  /** The lines it printed so far that contain {@code text}. */
  public List<String> linesContaining(String text) {
    return output().stream().filter(line -> line.contains(text)).toList();
  }

  /**
   * Where its engine's threads ({@code durable-*}) are now, a few frames each, from {@code jcmd
   * Thread.print}: what a test that timed out shows to say where an engine is stuck.
   */
  public String engineThreads() {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    try {
      Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(pid()), "Thread.print")
          .redirectErrorStream(true).start();
      List<String> lines;
      try (BufferedReader reader = new BufferedReader(
          new InputStreamReader(dump.getInputStream(), StandardCharsets.UTF_8))) {
        lines = reader.lines().toList();
      }
      dump.waitFor(30, TimeUnit.SECONDS);
      StringBuilder threads = new StringBuilder();
      List<String> thread = new ArrayList<>();
      for (String line : lines) {
        if (line.startsWith("\"")) {
          summarize(thread, threads);
          thread.clear();
        }
        thread.add(line.strip());
      }
      summarize(thread, threads);
      return threads.toString();
    } catch (IOException e) {
      return "(no thread dump: " + e + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(no thread dump: interrupted)";
    }
  }

  /** Adds a {@code durable-*} thread's name, state, top frame and first driver and engine frames. */
  private static void summarize(List<String> thread, StringBuilder threads) {
    if (thread.isEmpty() || !thread.get(0).startsWith("\"durable-")) {
      return;
    }
    threads.append(thread.get(0)).append('\n');
    thread.stream().filter(l -> l.startsWith("java.lang.Thread.State")).findFirst()
        .ifPresent(l -> threads.append("  ").append(l).append('\n'));
    List<String> frames = thread.stream().filter(l -> l.startsWith("at ")).toList();
    frames.stream().limit(1).forEach(l -> threads.append("    ").append(l).append('\n'));
    for (String where : List.of("org.postgresql.", "com.zaxxer.", "dev.durable.")) {
      frames.stream().skip(1).filter(l -> l.startsWith("at " + where)).findFirst()
          .ifPresent(l -> threads.append("    ... ").append(l).append('\n'));
    }
  }

  /** Sends {@code line} to its standard input. */
  public void send(String line) {
    try {
      OutputStream input = process.getOutputStream();
      input.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      input.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write to engine process " + engineId, e);
    }
  }

  /**
   * Waits until the process exits and its output is read to the end; fails with its output if it
   * does not within {@code timeout}.
   */
  public void awaitExit(Duration timeout) {
    try {
      if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        reader.join(timeout.toMillis());
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new AssertionError("engine " + engineId + " did not exit within " + timeout
        + "; its output:\n" + String.join("\n", output()));
  }

  /** Kills the process at once (SIGKILL), as a crash would, and waits until it is gone. */
  public void kill() {
    killed = true;
    process.destroyForcibly();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        throw new AssertionError("engine process " + engineId + " did not die");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Whether the test killed it. */
  public boolean wasKilled() {
    return killed;
  }

  @Override
  public void close() {
    kill();
  }

  @Override
  public String toString() {
    return engineId + " (pid " + pid() + ")";
  }
}
