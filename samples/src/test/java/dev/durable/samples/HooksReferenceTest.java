package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunEvent;
import dev.durable.runtime.StepEvent;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The hooks reference ({@code docs/reference/hooks.md}) names every method of {@link DurableHooks}
 * with its signature as the compiler sees it, and every component of the records the hooks are
 * given: a user who copies a signature from the page gets an override that compiles.
 */
class HooksReferenceTest {
  private static final Path PAGE = Path.of(System.getProperty("durable.rootDir", ".."))
      .resolve("docs/reference/hooks.md");

  @Test
  void everyHookIsOnThePageWithItsSignature() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    List<String> missing = new ArrayList<>();
    Arrays.stream(DurableHooks.class.getDeclaredMethods())
        .filter(method -> !Modifier.isStatic(method.getModifiers()))
        .sorted(Comparator.comparing(Method::getName))
        .map(HooksReferenceTest::signature)
        .filter(signature -> !page.contains("`" + signature + "`"))
        .forEach(missing::add);
    assertEquals(List.of(), missing, "signatures of DurableHooks missing from " + PAGE);
  }

  @Test
  void everyComponentOfWhatTheHooksAreGivenIsOnThePageWithItsType() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    List<String> missing = new ArrayList<>();
    for (Class<?> record : List.of(RunEvent.class, StepEvent.class, RunError.class)) {
      for (RecordComponent component : record.getRecordComponents()) {
        String row = "| `" + component.getName() + "` | `"
            + simple(component.getGenericType()) + "` |";
        if (!page.contains(row)) {
          missing.add(record.getSimpleName() + ": " + row);
        }
      }
    }
    assertEquals(List.of(), missing, "record components missing from " + PAGE);
  }

  private static String signature(Method method) {
    String parameters = Arrays.stream(method.getParameters())
        .map(HooksReferenceTest::parameter)
        .collect(Collectors.joining(", "));
    return simple(method.getGenericReturnType()) + " " + method.getName() + "(" + parameters + ")";
  }

  private static String parameter(Parameter parameter) {
    return simple(parameter.getParameterizedType()) + " " + parameter.getName();
  }

  /** A type as written in source with its imports: {@code Optional<String>}, {@code Duration}. */
  private static String simple(Type type) {
    return type.getTypeName().replaceAll("[a-z][a-z0-9_]*\\.", "");
  }
}
