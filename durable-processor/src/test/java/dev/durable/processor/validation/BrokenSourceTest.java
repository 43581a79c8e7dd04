package dev.durable.processor.validation;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import java.util.List;
import java.util.Locale;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Types that do not exist (javac's "cannot find symbol", which still lets processors run) in
 * signatures and in {@code nonRetryable}: the validator skips them, still reports the rest, and
 * never crashes. (javac does not run processors at all after non-recoverable errors such as an
 * ill-typed annotation value, so those need no handling here.)
 */
class BrokenSourceTest {

  @Test
  void unresolvedTypesAreSkippedAndTheRestIsStillValidated() {
    JavaFileObject source = fixture("workflow/BrokenSource.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("@Step retries must be at least 1, but was 0")
        .inFile(source)
        .onLineContaining("retries = 0");
    List<String> bugs =
        compilation.errors().stream()
            .map(d -> d.getMessage(Locale.ROOT))
            .filter(m -> m.contains("durable:processor-bug"))
            .toList();
    assertThat(bugs).isEmpty();
  }
}
