package dev.durable.tests;

import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.type.TypeFactory;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.durable.processor.DurableProcessor;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.spi.Payload;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The processor's rules for what can be stored and the codec that stores it agree: each sample
 * type is compiled as a step's parameter and result through the processor (accepted, or refused
 * with a {@code [durable:type-...]} error), and a value of it is stored through {@link Payloads}
 * with the default mapper and read back (the same JSON again, or a failure). The processor refusing
 * what the codec cannot store is what keeps a run from failing at a step after the steps before it
 * ran.
 *
 * <p>The samples are types whose fate in Jackson does not depend on the value: the processor is
 * stricter than Jackson on purpose where it does ({@code Object}, which reads back a {@code String}
 * but not a record; live objects and functions), and those rules are tested in the processor.
 */
class StorableAgreementTest {

  /** A sample type {@code Sample} in its own package, with a {@code static sample()} value. */
  record Sample(String name, boolean storable, String source) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Sample> samples() {
    return Stream.of(
        storable("record", """
            public record Sample(long cents, String currency) {
              public static Sample sample() { return new Sample(1250, "EUR"); }
            }"""),
        storable("beanWithGettersAndSetters", """
            public class Sample {
              private long cents;
              public long getCents() { return cents; }
              public void setCents(long cents) { this.cents = cents; }
              public static Sample sample() { Sample s = new Sample(); s.setCents(1250); return s; }
            }"""),
        storable("getterWithoutSetter", """
            public class Sample {
              private long cents = 7;
              public long getCents() { return cents; }
              public static Sample sample() { Sample s = new Sample(); s.cents = 1250; return s; }
            }"""),
        storable("booleanIsGetter", """
            public class Sample {
              private boolean paid;
              public boolean isPaid() { return paid; }
              public void setPaid(boolean paid) { this.paid = paid; }
              public static Sample sample() { Sample s = new Sample(); s.paid = true; return s; }
            }"""),
        storable("gettersOfASuperclass", """
            public class Sample extends Base {
              public static Sample sample() { Sample s = new Sample(); s.setCents(1250); return s; }
            }
            abstract class Base {
              private long cents;
              public long getCents() { return cents; }
              public void setCents(long cents) { this.cents = cents; }
            }"""),
        storable("publicFields", """
            public class Sample {
              public long cents;
              public String currency;
              public static Sample sample() {
                Sample s = new Sample(); s.cents = 1250; s.currency = "EUR"; return s;
              }
            }"""),
        storable("jsonCreatorAndGetters", """
            import com.fasterxml.jackson.annotation.JsonCreator;
            import com.fasterxml.jackson.annotation.JsonProperty;
            public class Sample {
              private final long cents;
              @JsonCreator
              public Sample(@JsonProperty("cents") long cents) { this.cents = cents; }
              public long getCents() { return cents; }
              public static Sample sample() { return new Sample(1250); }
            }"""),
        storable("jsonPropertyFields", """
            import com.fasterxml.jackson.annotation.JsonProperty;
            public class Sample {
              @JsonProperty private long cents;
              public long cents() { return cents; }
              public static Sample sample() { Sample s = new Sample(); s.cents = 1250; return s; }
            }"""),
        storable("enumeration", """
            public enum Sample {
              PENDING, PAID;
              public static Sample sample() { return PAID; }
            }"""),
        storable("collectionsMapsOptionalAndTime", """
            import java.time.*;
            import java.util.*;
            public record Sample(
                List<String> tags,
                Map<String, Integer> counts,
                Set<UUID> ids,
                Optional<Instant> due,
                LocalDate day,
                Duration took) {
              public static Sample sample() {
                return new Sample(List.of("a", "b"), Map.of("a", 1),
                    Set.of(new UUID(1, 2)), Optional.of(Instant.ofEpochSecond(1_700_000_000)),
                    LocalDate.of(2026, 12, 3), Duration.ofSeconds(90));
              }
            }"""),
        storable("recordOfRecords", """
            import java.util.List;
            public record Sample(List<Line> lines) {
              public record Line(String sku, int quantity) {}
              public static Sample sample() { return new Sample(List.of(new Line("x", 2))); }
            }"""),
        // the first hour's defect: accepted at compile time, then "No serializer found" at the step
        unstorable("accessorThatIsNoGetter", """
            public class Sample {
              private long cents;
              public Sample() {}
              public long cents() { return cents; }
              public static Sample sample() { Sample s = new Sample(); s.cents = 1250; return s; }
            }"""),
        unstorable("setterWithoutGetter", """
            public class Sample {
              private long cents;
              public void setCents(long cents) { this.cents = cents; }
              public static Sample sample() { Sample s = new Sample(); s.setCents(1250); return s; }
            }"""),
        unstorable("protectedGetter", """
            public class Sample {
              private long cents;
              protected long getCents() { return cents; }
              public static Sample sample() { Sample s = new Sample(); s.cents = 1250; return s; }
            }"""),
        unstorable("emptyClass", """
            public class Sample {
              public static Sample sample() { return new Sample(); }
            }"""),
        unstorable("noUsableConstructor", """
            public class Sample {
              private final long cents;
              private final String currency;
              public Sample(long cents, String currency) { this.cents = cents; this.currency = currency; }
              public long getCents() { return cents; }
              public String getCurrency() { return currency; }
              public static Sample sample() { return new Sample(1250, "EUR"); }
            }"""),
        unstorable("interfaceWithoutTypeInfo", """
            public interface Sample {
              long getCents();
              static Sample sample() { return new Impl(); }
              final class Impl implements Sample {
                public long getCents() { return 1250; }
              }
            }"""),
        unstorable("recordAsMapKey", """
            import java.util.Map;
            public record Sample(Map<Key, String> names) {
              public record Key(int id) {}
              public static Sample sample() { return new Sample(Map.of(new Key(1), "one")); }
            }"""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void theProcessorAcceptsWhatTheCodecStoresAndRefusesWhatItCannot(Sample sample) {
    String processor = processorVerdict(sample);
    String codec = codecVerdict(sample);
    assertEquals(processor.equals("accepted"), codec.equals("stored"),
        sample + ": the processor said " + processor + ", the codec " + codec);
    assertEquals(sample.storable(), codec.equals("stored"),
        sample + " was expected " + (sample.storable() ? "" : "not ") + "to be storable, but the"
            + " codec " + codec);
  }

  /** "accepted", or the processor's errors; fails if the sample itself does not compile. */
  private static String processorVerdict(Sample sample) {
    String pkg = "agree." + sample.name();
    JavaFileObject workflow = JavaFileObjects.forSourceString(pkg + ".AgreeWorkflow", """
        package %s;

        import dev.durable.annotations.Run;
        import dev.durable.annotations.Step;
        import dev.durable.annotations.Workflow;

        @Workflow
        public class AgreeWorkflow {
          @Step
          protected Sample keep(Sample value) {
            return value;
          }

          @Run
          public Sample run(Sample value) {
            return keep(value);
          }
        }
        """.formatted(pkg));
    Compilation compilation =
        javac().withProcessors(new DurableProcessor()).compile(source(sample), workflow);
    List<String> errors = compilation.errors().stream()
        .map(d -> d.getMessage(null))
        .toList();
    if (errors.isEmpty()) {
      return "accepted";
    }
    assertTrue(errors.stream().allMatch(e -> e.contains("[durable:type-")),
        sample + " does not compile for another reason: " + errors);
    return "refused: " + errors;
  }

  /** "stored" (and read back to the same JSON), or why not. */
  private static String codecVerdict(Sample sample) {
    Class<?> type = compiled(sample);
    Object value;
    try {
      value = type.getMethod("sample").invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(sample + " has no static sample()", e);
    }
    Payloads payloads = new Payloads(Payloads.defaultMapper(), EngineConfig.MAX_PAYLOAD_LIMIT);
    Payload payload = new Payload("value", TypeFactory.defaultInstance().constructType(type), false);
    try {
      String json = payloads.encode(payload, value);
      String again = payloads.encode(payload, payloads.decode(payload, json));
      return json.equals(again) ? "stored" : "read back " + again + " for " + json;
    } catch (PayloadException e) {
      return "failed: " + e.getMessage();
    }
  }

  private static JavaFileObject source(Sample sample) {
    return JavaFileObjects.forSourceString(
        "agree." + sample.name() + ".Sample",
        "package agree." + sample.name() + ";\n\n" + sample.source() + "\n");
  }

  /** The sample compiled without the processor, loaded in a class loader of its own. */
  private static Class<?> compiled(Sample sample) {
    Compilation compilation = javac().withProcessors().compile(source(sample));
    Diagnostic<?> firstError = compilation.errors().isEmpty() ? null : compilation.errors().get(0);
    assertEquals(null, firstError, sample + " does not compile");
    Map<String, byte[]> classes = new HashMap<>();
    for (JavaFileObject file : compilation.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        String path = file.toUri().getPath();
        String name = path.substring(path.indexOf("/agree/") + 1, path.length() - ".class".length());
        try (InputStream in = file.openInputStream()) {
          classes.put(name.replace('/', '.'), in.readAllBytes());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    ClassLoader loader = new ClassLoader(StorableAgreementTest.class.getClassLoader()) {
      @Override
      protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = classes.get(name);
        if (bytes == null) {
          throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
      }
    };
    try {
      return loader.loadClass("agree." + sample.name() + ".Sample");
    } catch (ClassNotFoundException e) {
      throw new AssertionError(sample + ": compiled classes " + classes.keySet().stream()
          .sorted().collect(Collectors.joining(", ")), e);
    }
  }

  private static Sample storable(String name, String source) {
    return new Sample(name, true, source);
  }

  private static Sample unstorable(String name, String source) {
    return new Sample(name, false, source);
  }
}
