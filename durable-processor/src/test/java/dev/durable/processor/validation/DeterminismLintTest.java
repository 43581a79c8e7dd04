package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.IntStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The determinism lint of {@code @Run} bodies: each error on the offending call expression (its
 * line and column; a call's column is that of its opening parenthesis, a constructor call's that
 * of {@code new}), naming the {@code @Run} method and the call, and the helper to use instead.
 */
class DeterminismLintTest {
  private static final String CLOCK = ", which reads the wall clock and gives another time when the"
      + " run is replayed; use ctx.now() of its WorkflowContext (the @Run method's optional first"
      + " parameter), which is recorded and replayed, or read the time inside a @Step"
      + " [durable:nondeterministic-clock]";

  /**
   * Asserts an error containing {@code message} at {@code column} of the one line of {@code
   * source} that contains {@code lineText}.
   */
  private static void assertErrorAt(
      Compilation compilation, JavaFileObject source, String message, String lineText,
      int column) {
    List<String> lines;
    try {
      lines = source.getCharContent(true).toString().lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Integer> matching = IntStream.range(0, lines.size())
        .filter(i -> lines.get(i).contains(lineText)).boxed().toList();
    assertEquals(1, matching.size(), "lines containing " + lineText);
    assertThat(compilation).hadErrorContaining(message)
        .inFile(source).onLine(matching.get(0) + 1).atColumn(column);
  }

  @Test
  void theWallClockIsAnErrorOnEachCall() {
    JavaFileObject source = fixture("lint/WallClock.java");
    Compilation compilation = compile(source);

    String run = "@Run method run(WorkflowContext) of WallClock calls ";
    assertErrorAt(compilation, source,run + "System.currentTimeMillis()" + CLOCK,
        "System.currentTimeMillis()", 43);
    assertErrorAt(compilation, source,run + "System.nanoTime()" + CLOCK,
        "System.nanoTime()", 33);
    assertErrorAt(compilation, source,run + "Instant.now()" + CLOCK,
        "Instant instant = Instant.now()", 34);
    assertErrorAt(compilation, source,run + "LocalDate.now()" + CLOCK,
        "LocalDate.now()", 35);
    assertErrorAt(compilation, source,run + "LocalDateTime.now(...)" + CLOCK,
        "LocalDateTime.now(ZoneOffset.UTC)", 44);
    assertErrorAt(compilation, source,run + "Clock.systemUTC()" + CLOCK,
        "Clock.systemUTC()", 32);
    assertErrorAt(compilation, source,run + "Clock.instant()" + CLOCK,
        "utc.instant()", 36);
    assertErrorAt(compilation, source,run + "new Date()" + CLOCK,
        "new Date()", 19);
    assertThat(compilation).hadErrorCount(8); // new Date(0L) and ZonedDateTime.of pass
  }

  @Test
  void randomnessIsAnErrorNamingTheHelperToUse() {
    JavaFileObject source = fixture("lint/Randomness.java");
    Compilation compilation = compile(source);

    String run = "@Run method run(WorkflowContext) of Randomness calls ";
    String random = ", which draws other random values when the run is replayed; use ctx.random()"
        + " of its WorkflowContext (the @Run method's optional first parameter), which is recorded"
        + " and replayed, or draw them inside a @Step [durable:nondeterministic-random]";
    assertErrorAt(compilation, source,run + "Math.random()" + random,
        "Math.random()", 30);
    assertErrorAt(compilation, source,run + "new Random()" + random,
        "new Random()", 21);
    assertErrorAt(compilation, source,run + "ThreadLocalRandom.current()" + random,
        "ThreadLocalRandom.current()", 42);
    assertErrorAt(compilation, source,run + "new SecureRandom()" + random,
        "new SecureRandom()", 27);
    assertErrorAt(compilation, source,
        run + "UUID.randomUUID(), which draws other random values when the run"
            + " is replayed; use ctx.randomUUID() of its WorkflowContext",
        "UUID.randomUUID()", 30);
    assertThat(compilation).hadErrorCount(5); // new Random(42L) is deterministic
  }

  @Test
  void threadSleepIsAnErrorNamingTheDurableTimer() {
    JavaFileObject source = fixture("lint/Sleeping.java");
    Compilation compilation = compile(source);

    assertErrorAt(compilation, source,
        "@Run method run(String) of Sleeping calls Thread.sleep(...), which"
            + " holds the engine's thread and is forgotten by a restart; use ctx.sleep(Duration)"
            + " of its WorkflowContext (the @Run method's optional first parameter), a durable"
            + " timer [durable:nondeterministic-sleep]",
        "Thread.sleep(1_000)", 17);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aStepCalledOnAnotherObjectIsAnErrorAndOnThisIsNot() {
    JavaFileObject source = fixture("lint/StepOnOther.java");
    Compilation compilation = compile(source);

    String message = "@Run method run(String) of StepOnOther calls @Step method charge(String) on"
        + " 'other', not on this workflow, so the call bypasses its checkpoint and runs again on"
        + " every replay; call it on this workflow [durable:step-call-receiver]";
    assertErrorAt(compilation, source,message,
        "other.charge(second)", 32);
    assertErrorAt(compilation, source,message,
        "other::charge", 38);
    assertThat(compilation).hadErrorCount(2); // charge(order), this.charge, this::charge pass
  }

  @Test
  void aStepOfAnotherWorkflowCalledOnItsInstanceIsAnErrorAndAContractStepOnItsFieldIsNot() {
    JavaFileObject source = fixture("lint/StepOfAnotherWorkflow.java");
    Compilation compilation = compile(source);

    String message = "@Run method run(String) of StepOfAnotherWorkflow calls @Step method"
        + " record(String) on '%s', not on this workflow, so the call bypasses its checkpoint and"
        + " runs again on every replay; call it on this workflow [durable:step-call-receiver]";
    assertErrorAt(compilation, source, message.formatted("ledger"),
        "ledger.record(order)", 36);
    assertErrorAt(compilation, source, message.formatted("this.ledger"),
        "this.ledger.record(recorded)", 38);
    assertErrorAt(compilation, source, message.formatted("ledger"),
        "ledger::record", 38);
    // prices.quote (a contract step, on its injected object by design) and
    // StepOfAnotherWorkflow.this.charge (this workflow) pass
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void callsInLambdasAndAnonymousClassesOfTheRunAreChecked() {
    JavaFileObject source = fixture("lint/InLambdaAndAnonymousClass.java");
    Compilation compilation = compile(source);

    assertErrorAt(compilation, source,
        "@Run method run(List) of InLambdaAndAnonymousClass calls"
            + " System.currentTimeMillis()" + CLOCK,
        "() -> System.currentTimeMillis()", 58);
    assertErrorAt(compilation, source,
        "@Run method run(List) of InLambdaAndAnonymousClass calls"
            + " Math.random(), which draws other random values",
        "return Math.random()", 27);
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void suppressWarningsOnTheRunAnEnclosingClassOrALocalVariableSilencesItThere() {
    JavaFileObject source = fixture("lint/Suppressed.java");
    Compilation compilation = compile(source);

    assertErrorAt(compilation, source,
        "@Run method run(String) of Suppressed.OnLocal calls UUID.randomUUID()",
        "String unsuppressed = UUID.randomUUID()", 44);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aRunBodyReferringToClassesGeneratedInTheSameRoundIsLintedAndCompiles() {
    JavaFileObject source = fixture("lint/ReferringToGenerated.java");
    Compilation compilation = compile(source, fixture("lint/Child.java"));

    assertErrorAt(compilation, source,
        "@Run method run(String) of ReferringToGenerated calls System.currentTimeMillis()" + CLOCK,
        "System.currentTimeMillis()", 64);
    assertThat(compilation).hadErrorCount(1);

    Compilation suppressed = compile(
        fixture("lint/Child.java"), fixture("lint/Deterministic.java"),
        fixture("lint/Suppressed.java"));
    assertThat(suppressed).hadErrorCount(1); // Suppressed.OnLocal's; no error from attribution
  }

  @Test
  void aLambdaInASwitchReferringToClassesGeneratedInTheSameRoundCompiles() {
    Compilation compilation =
        compile(fixture("lint/SwitchOverGenerated.java"), fixture("lint/Child.java"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void ordinaryCodeAndTheContextsHelpersPass() {
    Compilation compilation = compile(fixture("lint/Deterministic.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("fixtures.validation.lint.DeterministicDurable");
  }
}
