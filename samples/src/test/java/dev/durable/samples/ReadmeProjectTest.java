package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Add it to a Maven project" builds as pasted: its files, each a code block marked
 * {@code <!-- readme-project: <path> -->}, are written into an empty directory, and Maven (the one
 * running this build) runs {@code mvn test} there. The project must compile against the classes
 * the processor generates and run its JUnit 5 test.
 *
 * <p>That build finds Durable's artifacts as this build just made them without their ever being
 * installed: it runs on a local repository of its own, in a temporary directory, where they are
 * laid out as {@code mvn install} would lay them out (the parent POM, and each module's POM and a
 * jar of its {@code target/classes}). Everything else in that repository is a symbolic link into
 * this build's local repository, which holds the third-party artifacts already, so nothing is
 * copied or downloaded twice and nothing of Durable's is written into the shared repository.
 */
class ReadmeProjectTest {
  private static final Pattern PROJECT_FILE = Pattern.compile(
      "^<!-- readme-project: (\\S+) -->\\R```\\w*\\R(.*?)^```$",
      Pattern.MULTILINE | Pattern.DOTALL);
  private static final String GROUP = "dev/durable";
  private static final String PARENT = "durable-parent";
  /**
   * The modules a user's project needs: the runtime, what it depends on, the test kit and the
   * processor.
   */
  private static final List<String> MODULES =
      List.of("durable-annotations", "durable-runtime", "durable-test", "durable-processor");
  private static final long BUILD_MINUTES = 5;

  @TempDir
  Path temp;

  /** The links into the shared local repository, removed before the temporary directory is. */
  private final List<Path> links = new ArrayList<>();

  @Test
  void theReadmesProjectCompilesWithTheGeneratedClassesAndRunsItsTest() throws Exception {
    Path root = Path.of(property("durable.rootDir")).toRealPath();
    Map<String, String> files = projectFiles(Files.readString(root.resolve("README.md")));
    assertEquals(List.of("pom.xml", "src/main/java/com/example/GreetingWorkflow.java",
            "src/test/java/com/example/GreetingWorkflowTest.java"),
        List.copyOf(files.keySet()), "the files the README's Maven section shows");
    Path project = temp.resolve("greeting");
    for (Map.Entry<String, String> file : files.entrySet()) {
      Path path = project.resolve(file.getKey());
      Files.createDirectories(path.getParent());
      Files.writeString(path, file.getValue());
    }

    String output;
    try {
      output = maven(project, localRepository(root), "test");
    } finally {
      for (Path link : links) {
        Files.delete(link); // the link, never what it points to
      }
    }

    assertTrue(Files.isRegularFile(
            project.resolve("target/classes/com/example/GreetingWorkflowDurable.class")),
        "the processor did not run:\n" + output);
    Path report =
        project.resolve("target/surefire-reports/TEST-com.example.GreetingWorkflowTest.xml");
    assertTrue(Files.isRegularFile(report), "Surefire ran no JUnit 5 test:\n" + output);
    String suite = Files.readString(report);
    for (String count : List.of("tests=\"1\"", "failures=\"0\"", "errors=\"0\"", "skipped=\"0\"")) {
      assertTrue(suite.contains(count), "expected " + count + " in " + report + ":\n" + suite);
    }
  }

  /** The README's project files by path, in the order it shows them. */
  private static Map<String, String> projectFiles(String readme) {
    Map<String, String> files = new LinkedHashMap<>();
    Matcher block = PROJECT_FILE.matcher(readme);
    while (block.find()) {
      files.put(block.group(1), block.group(2));
    }
    return files;
  }

  /**
   * A local repository holding Durable's artifacts as this build made them, and every other
   * artifact through links into this build's own local repository.
   */
  private Path localRepository(Path root) throws IOException {
    Path shared = Path.of(property("durable.localRepository")).toRealPath();
    Path repository = temp.resolve("repository");
    Path group = repository.resolve(GROUP);
    Files.createDirectories(group);
    linkAllBut(shared, repository, "dev");
    linkAllBut(shared.resolve("dev"), repository.resolve("dev"), "durable");

    String version = property("durable.version");
    Files.copy(root.resolve("pom.xml"), artifact(group, PARENT, version, "pom"));
    for (String module : MODULES) {
      Path classes = root.resolve(module).resolve("target/classes");
      assertTrue(Files.isDirectory(classes),
          classes + " is missing: build the modules first (mvn -pl samples -am verify)");
      Files.copy(root.resolve(module).resolve("pom.xml"), artifact(group, module, version, "pom"));
      jar(classes, artifact(group, module, version, "jar"));
    }
    return repository;
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

  /** Runs {@code mvn -B -q <goal>} in {@code project} and returns what it printed. */
  private static String maven(Path project, Path repository, String goal)
      throws IOException, InterruptedException {
    boolean windows = System.getProperty("os.name").startsWith("Windows");
    // not offline (-o): what this build resolved is all there, and Maven looks for nothing else,
    // but a Maven that binds other default plugin versions than this build's may need to download
    List<String> command = List.of(
        Path.of(property("durable.mavenHome"), "bin", windows ? "mvn.cmd" : "mvn").toString(),
        "-B", "-q", "-Dmaven.repo.local=" + repository, goal);
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(project.toFile())
        .redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Process process = builder.start();
    byte[] output = process.getInputStream().readAllBytes();
    assertTrue(process.waitFor(BUILD_MINUTES, TimeUnit.MINUTES), "mvn " + goal + " did not end");
    String printed = new String(output, StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), String.join(" ", command) + " failed:\n" + printed);
    return printed;
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
