package dev.durable.processor.model;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.durable.annotations.Backoff;
import dev.durable.processor.model.ParamModel.Kind;
import dev.durable.processor.model.StoredType.Declared;
import dev.durable.processor.reading.WorkflowReader;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reads the fixture workflows with {@link WorkflowReader} and {@link ModelFactory} inside javac and
 * checks their models.
 */
class ModelFactoryTest {
  private static final ClassName ORDER = ClassName.get("com.acme", "Order");
  private static Map<String, WorkflowModel> models;

  @BeforeAll
  static void readModels() {
    Capture capture = new Capture();
    Compilation compilation =
        javac()
            .withProcessors(capture)
            .compile(
                Arrays.stream(
                        new String[] {
                          "com/acme/CheckoutWorkflow",
                          "com/acme/Order",
                          "com/acme/Quote",
                          "com/acme/Charge",
                          "com/acme/PricingClient",
                          "com/acme/DeclinedException",
                          "com/acme/edge/Outer",
                          "com/acme/edge/PrimitiveWorkflow",
                          "com/acme/edge/GreetingWorkflow",
                          "com/acme/edge/ShadowedWorkflow",
                          "com/acme/edge/Base",
                          "com/acme/valid/SignupWorkflow",
                          "com/acme/valid/Signup",
                          "com/acme/valid/Receipt",
                          "com/acme/valid/Tags",
                          "com/acme/valid/Plain",
                          "com/acme/edge/RetiredWorkflow",
                          "com/acme/edge/DeprecatedMembersWorkflow"
                        })
                    .map(p -> JavaFileObjects.forResource("fixtures/generation/" + p + ".java"))
                    .toList());
    assertThat(compilation).succeeded();
    models = capture.models;
  }

  @Test
  void readsTheWorkflowAndItsConstructors() {
    WorkflowModel checkout = models.get("com.acme.CheckoutWorkflow");

    assertEquals(ClassName.get("com.acme", "CheckoutWorkflow"), checkout.workflowClass());
    assertEquals("checkout", checkout.workflowName());
    assertEquals("1", checkout.version());
    assertEquals(ClassName.get("com.acme", "CheckoutWorkflowDurable"), checkout.durableClass());
    assertEquals(1, checkout.constructors().size());
    ParamModel pricing = checkout.constructors().get(0).params().get(0);
    assertEquals("pricing", pricing.name());
    assertEquals(ClassName.get("com.acme", "PricingClient"), pricing.type().type());
    assertFalse(checkout.discoverable());
  }

  @Test
  void readsTheRunMethod() {
    RunModel run = models.get("com.acme.CheckoutWorkflow").run();

    assertEquals("run", run.methodName());
    assertEquals(List.of(Kind.WORKFLOW_CONTEXT, Kind.STORED), kinds(run.params()));
    assertEquals(List.of("order"), run.storedParams().stream().map(ParamModel::name).toList());
    assertEquals(ClassName.get(String.class), run.result().type());
  }

  @Test
  void readsStepsInDeclarationOrderWithTheirAttributes() {
    List<StepModel> steps = models.get("com.acme.CheckoutWorkflow").steps();

    assertEquals(
        List.of("fetchQuote", "charge", "audit"),
        steps.stream().map(StepModel::stepName).toList());

    StepModel fetchQuote = steps.get(0);
    assertEquals(new RetryPolicy(5, Backoff.EXP, 200, 10_000, true), fetchQuote.retry());
    assertEquals(0, fetchQuote.timeoutMs());
    assertEquals(Visibility.PROTECTED, fetchQuote.visibility());

    StepModel charge = steps.get(1);
    assertEquals(new RetryPolicy(3, Backoff.EXP, 1000, 0, false), charge.retry());
    assertEquals(5_000, charge.timeoutMs());
    assertEquals(
        List.of(
            ClassName.get("java.io", "IOException"),
            ClassName.get("com.acme", "DeclinedException")),
        charge.nonRetryable());
    assertEquals(List.of(ClassName.get("java.io", "IOException")), charge.thrown());
    assertEquals(List.of(Kind.STEP_CONTEXT, Kind.STORED, Kind.STORED), kinds(charge.params()));

    StepModel audit = steps.get(2);
    assertEquals(RetryPolicy.DEFAULT, audit.retry());
    assertEquals(Visibility.PACKAGE_PRIVATE, audit.visibility());
    assertTrue(audit.result().isVoid());
    assertEquals(TypeRef.VOID.stored(), audit.result().stored());
  }

  @Test
  void storesGenericTypesWithTheirArguments() {
    TypeRef batch = models.get("com.acme.CheckoutWorkflow").steps().get(2).params().get(0).type();

    Declared map =
        new Declared(
            ClassName.get(Map.class),
            List.of(Declared.of(ClassName.get(String.class)), Declared.of(ORDER)),
            true);
    assertEquals(new Declared(ClassName.get(List.class), List.of(map), false), batch.stored());
    assertEquals(
        ParameterizedTypeName.get(
            ClassName.get(List.class),
            ParameterizedTypeName.get(
                ClassName.get(Map.class), ClassName.get(String.class), ORDER)),
        batch.type());
    assertEquals(ClassName.get(List.class), batch.erasure());
  }

  @Test
  void readsANestedWorkflowWithSeveralConstructors() {
    WorkflowModel inner = models.get("com.acme.edge.Outer.Inner");

    assertEquals("edge.cases", inner.workflowName());
    assertEquals("2024-01", inner.version());
    assertEquals(ClassName.get("com.acme.edge", "Outer_InnerDurable"), inner.durableClass());
    // The private constructor is not mirrored.
    assertEquals(3, inner.constructors().size());
    assertTrue(inner.constructors().get(0).params().isEmpty());
    assertTrue(inner.constructors().get(1).varargs());
    assertEquals(
        List.of(ClassName.get("java.io", "IOException")), inner.constructors().get(2).thrown());
    assertTrue(inner.discoverable());

    assertEquals("go", inner.run().methodName());
    assertTrue(inner.run().params().isEmpty());
    assertTrue(inner.run().result().isVoid());
  }

  @Test
  void keepsPrimitivesInSignaturesAndStoresThemBoxed() {
    StepModel pick = models.get("com.acme.edge.Outer.Inner").steps().get(0);

    assertEquals("pick.one", pick.stepName());
    assertEquals("pick", pick.methodName());
    assertEquals(TypeName.INT, pick.result().type());
    assertEquals(Declared.of(ClassName.get(Integer.class)), pick.result().stored());
    assertEquals(TypeName.LONG, pick.params().get(1).type().type());

    StepModel bytes = models.get("com.acme.edge.Outer.Inner").steps().get(2);
    assertEquals(
        new StoredType.Array(new StoredType.Primitive(TypeName.BYTE)), bytes.result().stored());
  }

  @Test
  void replacesWildcardsByTheirBound() {
    StepModel wild = models.get("com.acme.edge.Outer.Inner").steps().get(4);

    Declared listOfOrder =
        new Declared(ClassName.get(List.class), List.of(Declared.of(ORDER)), false);
    assertEquals(
        new Declared(
            ClassName.get(Map.class),
            List.of(Declared.of(ClassName.get(String.class)), listOfOrder),
            true),
        wild.result().stored());
  }

  @Test
  void anImplicitConstructorMakesAWorkflowDiscoverable() {
    WorkflowModel primitive = models.get("com.acme.edge.PrimitiveWorkflow");

    assertEquals("PrimitiveWorkflow", primitive.workflowName());
    ConstructorModel noArg = new ConstructorModel(List.of(), List.of(), false, List.of(), false);
    assertEquals(List.of(noArg), primitive.constructors());
    assertTrue(primitive.discoverable());
  }

  @Test
  void neitherAPrivateNorAVariableArityConstructorMakesAWorkflowDiscoverable() {
    WorkflowModel greeting = models.get("com.acme.edge.GreetingWorkflow");

    assertEquals(2, greeting.constructors().size());
    assertTrue(greeting.constructors().get(1).varargs());
    assertFalse(greeting.discoverable());
    assertTrue(greeting.run().varargs());
  }

  @Test
  void findsConstrainedTypes() {
    WorkflowModel signup = models.get("com.acme.valid.SignupWorkflow");

    Map<String, Boolean> constrained = new TreeMap<>();
    signup.run().params().forEach(p -> constrained.put(p.name(), p.type().constrained()));
    // Signup: record components; others: through a type argument; tags: in a type-use position.
    assertEquals(Map.of("signup", true, "others", true, "plain", false, "tags", true), constrained);
    // Receipt: a field marked @Valid.
    assertTrue(signup.run().result().constrained());
    assertFalse(signup.steps().get(0).params().get(1).type().constrained());
    assertFalse(signup.steps().get(1).result().constrained());
  }

  /**
   * The constraints written on a run's parameters themselves and on their type arguments, for
   * the generated class that carries them; {@code @Valid} alone declares none.
   */
  @Test
  void readsTheConstraintsWrittenOnTheRunsParameters() {
    WorkflowModel signup = models.get("com.acme.valid.SignupWorkflow");

    Map<String, String> declared = new TreeMap<>();
    signup.run().params().forEach(p -> declared.put(p.name(), p.declaredConstraints()
        .map(c -> c.annotations().toString()).orElse("none")));
    assertEquals(Map.of(
        "signup", "[@jakarta.validation.constraints.NotNull]",
        "others", "[@jakarta.validation.constraints.Size(max = 10)]",
        "plain", "none",
        "tags", "none"), declared);
    ClassName signupType = ClassName.get("com.acme.valid", "Signup");
    assertEquals(signupType,
        signup.run().params().get(0).declaredConstraints().orElseThrow().type());
    assertEquals(ParameterizedTypeName.get(ClassName.get(List.class), signupType.annotated(
            AnnotationSpec.builder(ClassName.get("jakarta.validation.constraints", "NotNull"))
                .build())),
        signup.run().params().get(1).declaredConstraints().orElseThrow().type(),
        "the constraint on the type argument is kept");
    assertTrue(signup.run().hasDeclaredConstraints());
    assertFalse(signup.steps().get(0).params().get(0).declaredConstraints().isPresent(),
        "only a run's parameters are checked");
  }

  @Test
  void listsInheritedMemberTypes() {
    assertThat(models.get("com.acme.edge.ShadowedWorkflow").inheritedTypeNames())
        .containsExactly("Order", "Steps")
        .inOrder();
    assertThat(models.get("com.acme.edge.Outer.Inner").inheritedTypeNames()).isEmpty();
  }

  @Test
  void readsDeprecation() {
    WorkflowModel retired = models.get("com.acme.edge.RetiredWorkflow");
    WorkflowModel members = models.get("com.acme.edge.DeprecatedMembersWorkflow");

    assertTrue(retired.deprecated());
    assertFalse(members.deprecated());
    assertEquals(
        List.of(true, false),
        members.constructors().stream().map(ConstructorModel::deprecated).toList());
    assertTrue(members.run().deprecated());
    assertEquals(
        List.of(true, false), members.steps().stream().map(StepModel::deprecated).toList());
  }

  private static List<Kind> kinds(List<ParamModel> params) {
    return params.stream().map(ParamModel::kind).toList();
  }

  /** Builds the model of every {@code @Workflow} class, by qualified name. */
  private static final class Capture extends AbstractProcessor {
    final Map<String, WorkflowModel> models = new TreeMap<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("dev.durable.annotations.Workflow");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      ModelFactory factory = new ModelFactory(processingEnv);
      WorkflowReader reader = new WorkflowReader(processingEnv.getElementUtils());
      for (TypeElement annotation : annotations) {
        for (Element element : round.getElementsAnnotatedWith(annotation)) {
          TypeElement type = (TypeElement) element;
          models.put(type.getQualifiedName().toString(), factory.create(reader.read(type)));
        }
      }
      return false;
    }
  }
}
