package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tests the docs show are tests of this build: each code block of the README or the guide
 * ({@code docs/guide/*.md}) marked {@code <!-- readme-test: <path> -->} is the file at that path,
 * verbatim, which this module compiles and runs. An example changed without its test, or a test
 * without its example, fails here.
 */
class ReadmeTestsTest {
  private static final Pattern TEST_FILE = Pattern.compile(
      "^<!-- readme-test: (\\S+) -->\\R```\\w*\\R(.*?)^```$", Pattern.MULTILINE | Pattern.DOTALL);

  @Test
  void eachTestTheDocsShowIsATestFileOfThisBuildVerbatim() throws IOException {
    Path root = Path.of(System.getProperty("durable.rootDir", "..")).toRealPath();
    Map<String, String> shown = new LinkedHashMap<>();
    for (Path doc : DocSnippetsTest.docs(root)) {
      Matcher block = TEST_FILE.matcher(Files.readString(doc));
      while (block.find()) {
        shown.put(block.group(1), block.group(2));
      }
    }
    assertFalse(shown.isEmpty(), "the docs mark no test with <!-- readme-test: <path> -->");
    for (Map.Entry<String, String> test : shown.entrySet()) {
      assertEquals(Files.readString(root.resolve(test.getKey())), test.getValue(),
          "the docs' copy of " + test.getKey() + " differs from the file: change both");
    }
  }
}
