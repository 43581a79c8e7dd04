package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The rules on {@code @Signal} methods: modifiers, parameters, value, name and placement. */
class SignalValidationTest {

  @Test
  void validSignalsCompileAndTheirClientSendsTypedValues() {
    Compilation compilation = compile(
        fixture("signal/ValidSignals.java"), fixture("signal/SendsSignals.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("fixtures.validation.signal.ValidSignalsDurable")
        .contentsAsUtf8String()
        .contains("return Signals.await(DECISION_SIGNAL, wait, () -> super.decision(wait));");
    assertThat(compilation)
        .generatedSourceFile("fixtures.validation.signal.ValidSignalsDurable")
        .contentsAsUtf8String()
        .contains("return Signals.await(NOTE_SIGNAL, null, () -> super.notes());");
    assertThat(compilation)
        .generatedSourceFile("fixtures.validation.signal.ValidSignalsClient")
        .contentsAsUtf8String()
        .contains("public void count(String runId, int value) {");
  }

  /**
   * The guide's "Signals" example ({@code docs/guide/05-signals.md}): the workflow, and the engine
   * code wrapped in a method.
   */
  @Test
  void theGuidesSignalExampleCompilesAsPasted() throws IOException {
    String section = Files.readString(Path.of("..", "docs", "guide", "05-signals.md"));
    List<String> blocks = new ArrayList<>();
    Matcher block = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(section);
    while (block.find()) {
      blocks.add(block.group(1));
    }
    StringBuilder imports = new StringBuilder();
    StringBuilder body = new StringBuilder();
    for (String line : blocks.get(1).split("\n")) {
      (line.startsWith("import ") ? imports : body).append(line).append('\n');
    }
    Compilation compilation = compile(
        JavaFileObjects.forSourceString("com.acme.expense.ExpenseWorkflow", blocks.get(0)),
        JavaFileObjects.forSourceString("com.acme.app.Main", "package com.acme.app;\n" + imports
            + "class Main {\n  public static void main(String[] args) {\n" + body + "}\n}\n"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void aSignalMethodNamedLikeTheClientsOwnMethodsIsRefused() {
    JavaFileObject source = fixture("signal/SignalClientName.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("@Signal method start() cannot be named 'start': the generated client"
            + " sends each signal with a method of the signal method's name, and has its own of,"
            + " start, get and continueAsNew; rename the method (the signal's stored name can stay,"
            + " with @Signal(name = \"start\")) [durable:signal-client-name]")
        .inFile(source)
        .onLineContaining("protected String start()");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aSignalMethodNamedContinueAsNewIsRefused() {
    JavaFileObject source = fixture("signal/SignalContinueAsNewName.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("@Signal method continueAsNew() cannot be named 'continueAsNew': the"
            + " generated client sends each signal with a method of the signal method's name, and"
            + " has its own of, start, get and continueAsNew; rename the method (the signal's"
            + " stored name can stay, with @Signal(name = \"continueAsNew\"))"
            + " [durable:signal-client-name]")
        .inFile(source)
        .onLineContaining("protected String continueAsNew()");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aSignalNameOver200CharactersIsRefused() {
    JavaFileObject source = fixture("signal/SignalNameLength.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("of method approval() is 201 characters long, but at most 200 are"
            + " allowed; set @Signal(name = ...) to a shorter name [durable:signal-name-length]")
        .inFile(source)
        .onLineContaining("@Signal(name = ");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void privateStaticAndFinalSignalsCannotBeOverridden() {
    JavaFileObject source = fixture("signal/SignalModifiers.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Signal method approval() must not be private: the generated subclass must override"
                + " it to wait; remove the private modifier [durable:signal-modifier]")
        .inFile(source)
        .onLineContaining("private String approval()");
    assertThat(compilation)
        .hadErrorContaining("@Signal method veto() must not be static")
        .inFile(source)
        .onLineContaining("static String veto()");
    assertThat(compilation)
        .hadErrorContaining("@Signal method comment() must not be final")
        .inFile(source)
        .onLineContaining("final String comment()");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void aSignalTakesNothingOrOneDuration() {
    JavaFileObject source = fixture("signal/SignalParameters.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Signal method approval(Duration, String) takes 2 parameters, but a signal takes"
                + " none (wait without limit) or one java.time.Duration (the longest wait); the"
                + " value comes with the signal: remove the others [durable:signal-parameters]")
        .inFile(source)
        .onLineContaining("protected String approval(Duration wait, String fallback)");
    assertThat(compilation)
        .hadErrorContaining(
            "@Signal method veto(long) takes parameter 'waitMs' of type long, but its only"
                + " parameter may be a java.time.Duration, the longest wait; the value comes with"
                + " the signal: take a Duration or nothing [durable:signal-parameter-type]")
        .inFile(source)
        .onLineContaining("long waitMs");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void aSignalCarriesAStorableValue() {
    JavaFileObject source = fixture("signal/SignalResult.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Signal method approval(Duration) must not be void: a wait returns the value the"
                + " signal carries; return the signal's type, and from the body the value to use"
                + " when no signal came in time [durable:signal-void]")
        .inFile(source)
        .onLineContaining("protected void approval(Duration wait)");
    assertThat(compilation)
        .hadErrorContaining("signal upload value")
        .inFile(source)
        .onLineContaining("protected InputStream upload()");
    assertThat(compilation)
        .hadErrorContaining(
            "@Signal method anything() must not declare type parameters (<T>): its stored value"
                + " needs a concrete type; replace them with concrete types"
                + " [durable:signal-generic]")
        .inFile(source)
        .onLineContaining("protected <T> T anything()");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void aSignalsNameIsUniqueAmongStepsAndSignalsAndStorable() {
    JavaFileObject source = fixture("signal/SignalNames.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "signal name 'charge' is used twice in workflow 'names', by charge(String) and by"
                + " approval(); signals and steps are matched to their checkpoints by name, so"
                + " give the signal another @Signal(name = ...) [durable:signal-name-duplicate]")
        .inFile(source)
        .onLineContaining("@Signal(name = \"charge\")");
    assertThat(compilation)
        .hadErrorContaining(
            "signal name 'review' is used twice in workflow 'names', by review() and by"
                + " secondReview()")
        .inFile(source)
        .onLineContaining("@Signal(name = \"review\")");
    assertThat(compilation)
        .hadErrorContaining(
            "signal name 'bad name!' of method comment() may contain only ASCII letters, digits"
                + " and . _ : -, but contains ' ', '!'; set @Signal(name = ...) to a name that does"
                + " [durable:signal-name]")
        .inFile(source)
        .onLineContaining("@Signal(name = \"bad name!\")");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void aSignalIsNotAlsoAStep() {
    JavaFileObject source = fixture("signal/SignalAndStep.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "method approval() is annotated both @Signal and @Step, but a signal wait is neither"
                + " a step nor the entry point; remove one of the two annotations"
                + " [durable:signal-and-step]")
        .inFile(source)
        .onLineContaining("@Signal");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aSignalOutsideAWorkflow() {
    JavaFileObject source = fixture("signal/StraySignal.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Signal method approval() is declared in StraySignal, which is not a @Workflow"
                + " class, so no run waits for it; move it into the @Workflow class whose runs"
                + " receive the signal [durable:signal-outside-workflow]")
        .inFile(source)
        .onLineContaining("protected String approval()");
    assertThat(compilation).hadErrorCount(1);
  }
}
