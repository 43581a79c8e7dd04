package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A Maven local repository in a temporary directory that holds Durable's artifacts as this build
 * just made them, without their ever being installed, for tests that build a user's project with
 * the Maven running this build.
 *
 * <p>The named modules are laid out as {@code mvn install} would lay them out (the parent POM, and
 * each module's POM and a jar of its {@code target/classes}). Everything else in the repository is
 * a symbolic link into this build's local repository, which holds the third-party artifacts
 * already, so nothing is copied or downloaded twice and nothing of Durable's is written into the
 * shared repository. {@link #close()} removes the links, never what they point to, before JUnit
 * deletes the temporary directory.
 */
final class BuiltArtifacts implements AutoCloseable {
  private static final String GROUP = "dev/durable";
  private static final String PARENT = "durable-parent";
  private static final long BUILD_MINUTES = 5;

  private final Path root;
  private final Path repository;
  private final List<Path> links = new ArrayList<>();

  private BuiltArtifacts(Path root, Path repository) {
    this.root = root;
    this.repository = repository;
  }

  /** A repository under {@code temp} with {@code modules} of this build in it. */
  static BuiltArtifacts of(Path temp, List<String> modules) throws IOException {
    BuiltArtifacts built = new BuiltArtifacts(
        Path.of(property("durable.rootDir")).toRealPath(), temp.resolve("repository"));
    try {
      built.layOut(modules);
    } catch (IOException | RuntimeException | Error e) {
      built.close();
      throw e;
    }
    return built;
  }

  /** The repository's root directory: this build's. */
  Path rootDir() {
    return root;
  }

  /** The repository's directory, which {@link #maven} passes as {@code maven.repo.local}. */
  Path repository() {
    return repository;
  }

  /** The version of this build's artifacts. */
  static String version() {
    return property("durable.version");
  }

  private void layOut(List<String> modules) throws IOException {
    Path shared = Path.of(property("durable.localRepository")).toRealPath();
    Path group = repository.resolve(GROUP);
    Files.createDirectories(group);
    linkAllBut(shared, repository, "dev");
    linkAllBut(shared.resolve("dev"), repository.resolve("dev"), "durable");

    String version = version();
    Files.copy(root.resolve("pom.xml"), artifact(group, PARENT, version, "pom"));
    for (String module : modules) {
      Path classes = root.resolve(module).resolve("target/classes");
      assertTrue(Files.isDirectory(classes),
          classes + " is missing: build the modules first (mvn -pl samples -am verify)");
      Files.copy(root.resolve(module).resolve("pom.xml"), artifact(group, module, version, "pom"));
      jar(classes, artifact(group, module, version, "jar"));
    }
  }

  /**
   * Runs {@code mvn -B <arguments>} in {@code directory} on this repository, and returns what it
   * printed; fails the test if Maven fails or runs longer than five minutes.
   */
  String maven(Path directory, String... arguments) throws IOException, InterruptedException {
    boolean windows = System.getProperty("os.name").startsWith("Windows");
    // not offline (-o): what this build resolved is all there, and Maven looks for nothing else,
    // but a Maven that binds other default plugin versions than this build's may need to download
    List<String> command = new ArrayList<>(List.of(
        Path.of(property("durable.mavenHome"), "bin", windows ? "mvn.cmd" : "mvn").toString(),
        "-B", "-Dmaven.repo.local=" + repository));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(directory.toFile())
        .redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Process process = builder.start();
    byte[] output = process.getInputStream().readAllBytes();
    assertTrue(process.waitFor(BUILD_MINUTES, TimeUnit.MINUTES),
        String.join(" ", command) + " did not end");
    String printed = new String(output, StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), String.join(" ", command) + " failed:\n" + printed);
    return printed;
  }

  /** Removes the links into the shared repository, never what they point to. */
  @Override
  public void close() throws IOException {
    for (Path link : links) {
      Files.deleteIfExists(link);
    }
    links.clear();
  }

  /** Links each entry of {@code from} into {@code to}, except {@code except}. */
  private void linkAllBut(Path from, Path to, String except) throws IOException {
    if (!Files.isDirectory(from)) {
      return;
    }
    try (Stream<Path> entries = Files.list(from)) {
      for (Path entry : (Iterable<Path>) entries::iterator) {
        if (!entry.getFileName().toString().equals(except)) {
          links.add(Files.createSymbolicLink(to.resolve(entry.getFileName().toString()), entry));
        }
      }
    }
  }

  /** Where {@code mvn install} puts an artifact, its directory created. */
  private static Path artifact(Path group, String artifactId, String version, String extension)
      throws IOException {
    Path directory = group.resolve(artifactId).resolve(version);
    Files.createDirectories(directory);
    return directory.resolve(artifactId + "-" + version + "." + extension);
  }

  private static void jar(Path classes, Path jar) throws IOException {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> paths = Files.walk(classes)) {
      for (Path path : (Iterable<Path>) paths.sorted()::iterator) {
        if (path.equals(classes)) {
          continue;
        }
        String name = classes.relativize(path).toString().replace('\\', '/');
        if (Files.isDirectory(path)) {
          out.putNextEntry(new JarEntry(name + "/"));
        } else {
          out.putNextEntry(new JarEntry(name));
          Files.copy(path, (OutputStream) out);
        }
        out.closeEntry();
      }
    }
  }

  /** A system property that the build passes (see this module's pom.xml). */
  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(
          "system property " + name + " is not set: run this test through Maven (mvn verify)");
    }
    return value;
  }
}
