package dev.durable.processor.validation;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.durable.processor.DurableProcessor;
import javax.tools.JavaFileObject;

/**
 * Fixture sources under {@code fixtures/validation/} and their compilation through the processor.
 */
final class Fixtures {
  private Fixtures() {}

  static JavaFileObject fixture(String path) {
    return JavaFileObjects.forResource("fixtures/validation/" + path);
  }

  static Compilation compile(JavaFileObject... sources) {
    return javac().withProcessors(new DurableProcessor()).compile(sources);
  }
}
