package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Add it to a Maven project" builds as pasted: its files, each a code block marked
 * {@code <!-- readme-project: <path> -->}, are written into an empty directory, and Maven (the one
 * running this build) runs {@code mvn test} there, on Durable's artifacts as this build just made
 * them ({@link BuiltArtifacts}). The project must compile against the classes the processor
 * generates and run its JUnit 5 test.
 */
class ReadmeProjectTest {
  private static final Pattern PROJECT_FILE = Pattern.compile(
      "^<!-- readme-project: (\\S+) -->\\R```\\w*\\R(.*?)^```$",
      Pattern.MULTILINE | Pattern.DOTALL);
  /**
   * The modules a user's project needs: the runtime, what it depends on, the test kit and the
   * processor.
   */
  private static final List<String> MODULES =
      List.of("durable-annotations", "durable-runtime", "durable-test", "durable-processor");

  @TempDir
  Path temp;

  @Test
  void theReadmesProjectCompilesWithTheGeneratedClassesAndRunsItsTest() throws Exception {
    String output;
    Path project = temp.resolve("greeting");
    try (BuiltArtifacts built = BuiltArtifacts.of(temp, MODULES)) {
      Map<String, String> files =
          projectFiles(Files.readString(built.rootDir().resolve("README.md")));
      assertEquals(List.of("pom.xml", "src/main/java/com/example/GreetingWorkflow.java",
              "src/test/java/com/example/GreetingWorkflowTest.java"),
          List.copyOf(files.keySet()), "the files the README's Maven section shows");
      for (Map.Entry<String, String> file : files.entrySet()) {
        Path path = project.resolve(file.getKey());
        Files.createDirectories(path.getParent());
        Files.writeString(path, file.getValue());
      }
      output = built.maven(project, "-q", "test");
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
}
