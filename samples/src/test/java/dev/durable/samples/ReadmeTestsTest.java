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
 * The tests the README shows are tests of this build: each code block marked {@code <!--
 * readme-test: <path> -->} is the file at that path, verbatim, which this module compiles and runs.
 * A README example changed without its test, or a test without its README example, fails here.
 */
class ReadmeTestsTest {
  private static final Pattern TEST_FILE = Pattern.compile(
      "^<!-- readme-test: (\\S+) -->\\R```\\w*\\R(.*?)^```$", Pattern.MULTILINE | Pattern.DOTALL);

  @Test
  void eachTestTheReadmeShowsIsATestFileOfThisBuildVerbatim() throws IOException {
    Path root = Path.of(System.getProperty("durable.rootDir", "..")).toRealPath();
    Map<String, String> shown = new LinkedHashMap<>();
    Matcher block = TEST_FILE.matcher(Files.readString(root.resolve("README.md")));
    while (block.find()) {
      shown.put(block.group(1), block.group(2));
    }
    assertFalse(shown.isEmpty(), "the README marks no test with <!-- readme-test: <path> -->");
    for (Map.Entry<String, String> test : shown.entrySet()) {
      assertEquals(Files.readString(root.resolve(test.getKey())), test.getValue(),
          "the README's copy of " + test.getKey() + " differs from the file: change both");
    }
  }
}
