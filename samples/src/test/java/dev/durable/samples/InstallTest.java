package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mvn install -DskipTests} on the whole tree succeeds and installs every module a user
 * takes from a repository: the template, the dashboard, the CLI and the Spring Boot starter among
 * them, and the brokers' trigger modules. (It once stopped at the test-only module {@code durable-tests}, which has no jar, so
 * nothing after it in the reactor was installed.)
 *
 * <p>How it stays cheap and leaves the shared local repository alone: the tree's sources are
 * copied into a temporary directory (never this build's own {@code target/} directories, which
 * the running build is writing), and Maven installs into a {@link BuiltArtifacts} repository whose
 * third-party artifacts are links into this build's local repository, so nothing of Durable's is
 * written there. Compiling is skipped ({@code -Dmaven.main.skip -Dmaven.test.skip}): whether a
 * module installs depends on its packaging and plugins, not on its classes, and every module's
 * jar is still made (empty), shaded and installed, as {@code mvn install} does. A module without
 * main code is in that state in a full build too.
 */
class InstallTest {
  /** What a user's project or machine installs from a repository. */
  private static final List<String> PUBLISHED = List.of(
      "durable-annotations", "durable-runtime", "durable-processor", "durable-test",
      "durable-dashboard", "durable-archetype", "durable-cli", "durable-spring-boot-starter",
      "durable-nats", "durable-rabbitmq", "durable-kafka");
  /** Build output and local state, never copied. */
  private static final Set<String> NOT_SOURCES = Set.of("target", "durable-data", ".git", ".idea");

  @TempDir
  Path temp;

  @Test
  void installOfTheWholeTreeInstallsEveryPublishedModule() throws Exception {
    Path tree = temp.resolve("tree");
    try (BuiltArtifacts built = BuiltArtifacts.of(temp, List.of())) {
      copySources(built.rootDir(), tree);
      built.maven(tree, "-q", "install", "-DskipTests",
          "-Dmaven.main.skip=true", "-Dmaven.test.skip=true");

      Path group = built.repository().resolve("dev/durable");
      String version = BuiltArtifacts.version();
      for (String module : PUBLISHED) {
        Path jar = group.resolve(module).resolve(version)
            .resolve(module + "-" + version + ".jar");
        assertTrue(Files.isRegularFile(jar), "mvn install did not install " + module);
      }
    }
  }

  private static void copySources(Path from, Path to) throws IOException {
    Files.walkFileTree(from, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes)
          throws IOException {
        if (!directory.equals(from)
            && NOT_SOURCES.contains(directory.getFileName().toString())) {
          return FileVisitResult.SKIP_SUBTREE;
        }
        Files.createDirectories(to.resolve(from.relativize(directory).toString()));
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
          throws IOException {
        Files.copy(file, to.resolve(from.relativize(file).toString()));
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
