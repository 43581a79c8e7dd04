package dev.durable.processor.lock;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The lock file named by {@code -Adurable.lockfile}, for one compilation: read once when the
 * processor starts, checked against each workflow compiled, written once when processing is over,
 * and only if its text changed, so that a build that changes nothing leaves it byte-identical.
 *
 * <p>It is read and written with {@code java.nio} at the path given, not through the {@code
 * Filer}: the {@code Filer} only reaches the output and source locations, while the lock file
 * belongs with the project's sources, under version control. Workflows absent from a compilation
 * (an incremental build) keep their sections as they are.
 */
public final class GraphLock {
  private final Path path;
  private final LockFile lock;
  /** The text read, or null if there was no file. */
  private final String read;

  private GraphLock(Path path, LockFile lock, String read) {
    this.path = path;
    this.lock = lock;
    this.read = read;
  }

  /**
   * Opens the lock file at {@code path}; a missing file is an empty lock, written when processing
   * is over.
   *
   * @throws IOException if it exists but cannot be read
   * @throws IllegalArgumentException if a line of it is not understood
   */
  public static GraphLock open(Path path) throws IOException {
    if (!Files.exists(path)) {
      return new GraphLock(path, new LockFile(), null);
    }
    String text = Files.readString(path, StandardCharsets.UTF_8);
    return new GraphLock(path, LockFile.parse(text), text);
  }

  /** Where the file is. */
  public Path path() {
    return path;
  }

  /**
   * Checks {@code graph} against the graph locked for its version, and records it if it is
   * compatible: see {@link LockFile#check}.
   *
   * @return what makes it incompatible; empty if nothing does
   */
  public List<String> check(StepGraph graph) {
    return lock.check(graph);
  }

  /**
   * Writes the file if its text changed (or it did not exist), creating its directory.
   *
   * @return whether it was written
   */
  public boolean write() throws IOException {
    String text = lock.format();
    if (text.equals(read)) {
      return false;
    }
    Path parent = path.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(path, text, StandardCharsets.UTF_8);
    return true;
  }
}
