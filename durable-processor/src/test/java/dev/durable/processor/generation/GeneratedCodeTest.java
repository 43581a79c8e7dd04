package dev.durable.processor.generation;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Compile-time checks of the generated code: every valid fixture compiles with it without
 * warnings, code that uses the generated members with their expected types compiles, the services
 * file lists exactly the discoverable workflows, and two builds generate the same bytes.
 */
class GeneratedCodeTest {

  @ParameterizedTest
  @EnumSource(Fixtures.class)
  void compilesWithoutWarnings(Fixtures fixture) {
    Compilation compilation = fixture.compile();

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation.generatedSourceFiles()).hasSize(fixture.generatedFiles());
  }

  @ParameterizedTest
  @EnumSource(Fixtures.class)
  void compilesWithoutLintWarnings(Fixtures fixture) {
    assertThat(fixture.compile("-Xlint:all,-processing", "-Werror")).succeededWithoutWarnings();
  }

  @Test
  void generatedMembersHaveTheirExpectedTypes() {
    // The usage files assign each generated member to a variable of the type it should have.
    Compilation compilation =
        Fixtures.compileAll(
            List.of("com/acme/CheckoutUsage", "com/acme/edge/EdgeUsage"),
            "-Xlint:all,-processing");

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void fansAndGroupsTakeTheDurableStepsOfAContract() {
    Compilation compilation =
        Fixtures.compileAll(List.of("com/acme/contract/FanUsage"), "-Xlint:all,-processing");

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void aFanOfAStepWithALivenessWindowDoesNotCompile() {
    JavaFileObject misuse = JavaFileObjects.forSourceLines(
        "com.acme.contract.Misuse",
        "package com.acme.contract;",
        "",
        "import com.acme.Order;",
        "import dev.durable.runtime.Parallel;",
        "import java.util.List;",
        "",
        "final class Misuse {",
        "  static void track(List<Order> orders) {",
        "    Parallel.fan(orders, ShippingStepsDispatch.durable(),",
        "        (steps, order) -> { steps.dispatch(order, \"label\"); return 0; });",
        "  }",
        "}");
    Compilation compilation = Fixtures.compile(List.of(
        Fixtures.source("com/acme/contract/ShippingSteps"), Fixtures.source("com/acme/Order"),
        Fixtures.source("com/acme/Quote"), misuse));

    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining("cannot find symbol")
        .inFile(misuse)
        .onLineContaining("steps.dispatch(order");
    assertThat(compilation).hadErrorContaining(
        "method dispatch(com.acme.Order,java.lang.String)\n"
            + "  location: variable steps of type com.acme.contract.ShippingStepsDispatch.Durable");
  }

  @Test
  void servicesListOnlyDiscoverableWorkflowsSorted() {
    Compilation compilation = Fixtures.compileAll(List.of());

    assertThat(compilation).succeededWithoutWarnings();
    // Not listed: CheckoutWorkflow (constructor with a parameter), GreetingWorkflow (private
    // no-argument constructor).
    assertEquals(
        "com.acme.edge.DeprecatedMembersWorkflowDurable\n"
            + "com.acme.edge.Outer_InnerDurable\n"
            + "com.acme.edge.PrimitiveWorkflowDurable\n"
            + "com.acme.edge.RetiredWorkflowDurable\n"
            + "com.acme.edge.ShadowedWorkflowDurable\n"
            + "com.acme.loop.CounterWorkflowDurable\n"
            + "com.acme.naming.NamingWorkflowDurable\n"
            + "com.acme.schedule.NightlyReportDurable\n"
            + "com.acme.signal.ApprovalWorkflowDurable\n"
            + "com.acme.valid.SignupWorkflowDurable\n",
        Fixtures.services(compilation).orElseThrow());
  }

  @Test
  void workflowIndexListsEveryWorkflowWhateverItsConstructors() {
    Compilation compilation = Fixtures.compileAll(List.of());

    assertThat(compilation).succeededWithoutWarnings();
    // The discoverable ones, and also CheckoutWorkflow (its constructor takes a PricingClient) and
    // GreetingWorkflow (its no-argument constructor is private): a container creates them with
    // their arguments.
    SortedSet<String> expected =
        new TreeSet<>(Fixtures.services(compilation).orElseThrow().lines().toList());
    expected.add("com.acme.CheckoutWorkflowDurable");
    expected.add("com.acme.edge.GreetingWorkflowDurable");
    assertEquals(
        String.join("\n", expected) + "\n",
        Fixtures.resource(compilation, SourceWriter.WORKFLOW_INDEX).orElseThrow());
  }

  @Test
  void contractIndexNamesEachContractsDispatchAndWorker() {
    Compilation compilation = Fixtures.CONTRACT.compile();

    assertThat(compilation).succeededWithoutWarnings();
    assertEquals(
        "com.acme.contract.ShippingSteps com.acme.contract.ShippingStepsDispatch"
            + " com.acme.contract.ShippingStepsWorker\n",
        Fixtures.resource(compilation, SourceWriter.CONTRACT_INDEX).orElseThrow());
    assertThat(Fixtures.resource(compilation, SourceWriter.WORKFLOW_INDEX)).isEmpty();
  }

  @Test
  void noServicesFileWithoutDiscoverableWorkflows() {
    Compilation compilation = Fixtures.CHECKOUT.compile();

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(Fixtures.services(compilation)).isEmpty();
    assertThat(Fixtures.resource(compilation, SourceWriter.WORKFLOW_INDEX))
        .hasValue("com.acme.CheckoutWorkflowDurable\n");
  }

  @Test
  void twoBuildsGenerateTheSameBytes() {
    Map<String, String> first = generated(Fixtures.compileAll(List.of()));
    Map<String, String> second = generated(Fixtures.compileAll(List.of()));

    int files = Arrays.stream(Fixtures.values()).mapToInt(Fixtures::generatedFiles).sum();
    long workflows = first.keySet().stream().filter(name -> name.endsWith("Durable.java")).count();
    long shapes = first.keySet().stream().filter(name -> name.contains("/durable/shapes/")).count();
    assertEquals(workflows, shapes);
    // and the services file, the workflow index, the contract index and each workflow's shape
    assertThat(first).hasSize(files + 3 + (int) shapes);
    assertEquals(first, second);
  }

  @Test
  void javadocLinksBackToTheUserMethods() {
    String durable =
        Fixtures.generatedSource(Fixtures.EDGE.compile(), "com.acme.edge.Outer_InnerDurable");

    assertThat(durable)
        .contains(
            "/** Checkpointed {@link Outer.Inner#pick(StepContext, Optional, Outer.Item[])}. */");
    assertThat(durable)
        .contains("/** Step {@code pick.one}: {@link Outer.Inner#pick(int, long)}. */");
  }

  @Test
  void inheritedMemberTypesAreNotConfusedWithImportedOnes() {
    String durable =
        Fixtures.generatedSource(
            Fixtures.SHADOWED.compile(), "com.acme.edge.ShadowedWorkflowDurable");

    assertThat(durable).contains("protected String price(com.acme.Order order) {");
    assertThat(durable).contains("protected Base.Order local(Base.Order local) {");
    assertThat(durable).contains("return dev.durable.runtime.spi.Steps.call(PRICE,");
    assertThat(durable).doesNotContain("import dev.durable.runtime.spi.Steps;");
  }

  @Test
  void variableArityRunParametersAreArraysInTheClient() {
    String client =
        Fixtures.generatedSource(
            Fixtures.GREETING.compile(), "com.acme.edge.GreetingWorkflowClient");

    assertThat(client).contains("public RunHandle<String> start(String[] names) {");
    assertThat(client).contains("public RunHandle<String> start(String runId, String[] names) {");
  }

  @Test
  void continueAsNewIsTypedLikeStartAndReturnsTheRunsResult() {
    Compilation compilation = Fixtures.LOOP.compile("-Xlint:all,-processing", "-Werror");

    // the workflow's own @Run method calls it: no determinism lint, no warning
    assertThat(compilation).succeededWithoutWarnings();
    String client = Fixtures.generatedSource(compilation, "com.acme.loop.CounterWorkflowClient");
    assertThat(client).contains("public Integer continueAsNew(int count, int limit) {");
    assertThat(client).contains("return runs.continueAsNew(new Object[] {count, limit});");
  }

  @Test
  void deprecationIsCarriedOverSoThatUsingItNeedsNoWarning() {
    Compilation compilation = Fixtures.DEPRECATED.compile();
    String retired = Fixtures.generatedSource(compilation, "com.acme.edge.RetiredWorkflowDurable");
    String members =
        Fixtures.generatedSource(compilation, "com.acme.edge.DeprecatedMembersWorkflowDurable");

    for (String kind : List.of("Durable", "Client", "Codecs")) {
      assertThat(Fixtures.generatedSource(compilation, "com.acme.edge.RetiredWorkflow" + kind))
          .contains("@Generated(\"dev.durable.processor.DurableProcessor\")\n@Deprecated\npublic");
    }
    assertThat(retired).doesNotContain("@SuppressWarnings");
    assertThat(members).contains("  @Deprecated\n  public DeprecatedMembersWorkflowDurable() {");
    assertThat(members)
        .contains("  @Override\n  @SuppressWarnings(\"deprecation\")\n  public String execute(");
    assertThat(members)
        .contains("  @Override\n  @Deprecated\n  protected String old(String input) {");
    assertThat(members).contains("  @Override\n  protected String current(String input) {");
  }

  /** Every file the compilation generated (sources and the services file), by name. */
  private static Map<String, String> generated(Compilation compilation) {
    assertThat(compilation).succeededWithoutWarnings();
    Map<String, String> files = new TreeMap<>();
    for (JavaFileObject file : compilation.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        continue;
      }
      try {
        files.put(file.toUri().toString(), file.getCharContent(true).toString());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return files;
  }
}
