package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Step names, workflow names and versions: their characters, lengths and uniqueness. */
class NameValidationTest {
  private static final String B40 = "b".repeat(40);

  @Test
  void stepNameWithCharactersThatAreNotAllowed() {
    JavaFileObject source = fixture("names/InvalidStepNames.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "step name 'fetch quote/v2' of method fetchQuote(String) may contain only ASCII"
                + " letters, digits and . _ : -, but contains ' ', '/'; set @Step(name = ...) to a"
                + " name that does [durable:step-name]")
        .inFile(source)
        .onLineContaining("name = \"fetch quote/v2\"");
    assertThat(compilation)
        .hadErrorContaining(
            "step name 'fetch$price' of method fetch$price(String) may contain only ASCII letters,"
                + " digits and . _ : -, but contains '$'")
        .inFile(source)
        .onLineContaining("protected String fetch$price(String order)");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void stepNameLongerThan200Characters() {
    JavaFileObject source = fixture("names/LongStepNames.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "step name '"
                + B40
                + "...' of method tooLong(String) is 201 characters long, but at"
                + " most 200 are allowed; set @Step(name = ...) to a shorter name"
                + " [durable:step-name-length]")
        .inFile(source)
        .onLineContaining("name = \"bbbb");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void stepNameUsedTwiceIsAnErrorOnTheLaterStep() {
    JavaFileObject source = fixture("names/DuplicateStepNames.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "step name 'quote' is used twice in workflow 'checkout', by quote(String) and by"
                + " requote(String); steps are matched to their checkpoints by name, so give one of"
                + " them another @Step(name = ...) [durable:step-name-duplicate]")
        .inFile(source)
        .onLineContaining("@Step(name = \"quote\")");
    assertThat(compilation)
        .hadErrorContaining(
            "step name 'ship' is used twice in workflow 'checkout', by ship(String) and by"
                + " ship(List)")
        .inFile(source)
        .onLineContaining("protected String ship(List<String> orders)");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void workflowNameOrVersionWithCharactersThatAreNotAllowed() {
    JavaFileObject source = fixture("workflow/InvalidWorkflowNames.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "workflow name 'check out' of InvalidWorkflowNames.Checkout may contain only ASCII"
                + " letters, digits and . _ : -, but contains ' '; set @Workflow(name = ...) to a"
                + " name that does [durable:workflow-name]")
        .inFile(source)
        .onLineContaining("@Workflow(name = \"check out\")");
    assertThat(compilation)
        .hadErrorContaining(
            "workflow name 'Re$fund' of InvalidWorkflowNames.Re$fund may contain only ASCII"
                + " letters, digits and . _ : -, but contains '$'")
        .inFile(source)
        .onLineContaining("class Re$fund");
    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow version of InvalidWorkflowNames.Shipping must not be empty; leave the"
                + " default \"1\" or set a version such as \"2\" [durable:workflow-version-empty]")
        .inFile(source)
        .onLineContaining("@Workflow(version = \"\")");
    assertThat(compilation)
        .hadErrorContaining(
            "workflow version 'v2 (beta)' of InvalidWorkflowNames.Billing may contain only ASCII"
                + " letters, digits and . _ : -, but contains ' ', '(', ')'; set"
                + " @Workflow(version = ...) to a version that does [durable:workflow-version]")
        .inFile(source)
        .onLineContaining("version = \"v2 (beta)\"");
    assertThat(compilation).hadErrorCount(4);
  }

  @Test
  void workflowNameOrVersionTooLong() {
    JavaFileObject source = fixture("workflow/LongWorkflowNames.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "workflow name '"
                + B40
                + "...' of LongWorkflowNames.TooLongName is 201 characters"
                + " long, but at most 200 are allowed; set @Workflow(name = ...) to a shorter name"
                + " [durable:workflow-name-length]")
        .inFile(source)
        .onLineContaining("@Workflow(name = \"bbbb");
    assertThat(compilation)
        .hadErrorContaining(
            "workflow version '"
                + "2".repeat(40)
                + "...' of LongWorkflowNames.TooLongVersion is"
                + " 101 characters long, but at most 100 are allowed; set @Workflow(version = ...)"
                + " to a shorter version [durable:workflow-version-length]")
        .inFile(source)
        .onLineContaining("version = \"2222");
    assertThat(compilation).hadErrorCount(2);
  }
}
