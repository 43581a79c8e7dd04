package dev.durable.processor.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pure helpers behind the generated text: javadoc wrapping, rendering, casts, literals. */
class GeneratedTextTest {
  private static final ClassName WORKFLOW = ClassName.get("com.acme", "CheckoutWorkflow");

  @Test
  void wrapsJavadocAtOneHundredColumnsWithoutSplittingInlineTags() {
    CodeBlock javadoc =
        Javadocs.wrapped(
            0,
            "The durable state machine of {@link $T}, workflow {@code $L} version {@code $L}:"
                + " register an instance.",
            WORKFLOW,
            "checkout",
            "1");

    assertEquals(
        "The durable state machine of {@link com.acme.CheckoutWorkflow}, workflow {@code checkout}"
            + " version\n{@code 1}: register an instance.\n",
        javadoc.toString());
  }

  @Test
  void measuresTypesByTheNameTheyWillBeWrittenWith() {
    // 95 characters with "CheckoutWorkflow" (it fits, at an indent of 2), 104 if qualified.
    CodeBlock javadoc =
        Javadocs.wrapped(
            2,
            "The stored identity and input and result types of workflow {@link $T}, {@code $L}.",
            WORKFLOW,
            "a");

    assertFalse(javadoc.toString().strip().contains("\n"));
  }

  @Test
  void linksToAMethodByItsErasedParameterTypes() {
    CodeBlock link =
        Javadocs.methodLink(
            WORKFLOW,
            "charge",
            List.of(ClassName.get(List.class), ArrayTypeName.of(TypeName.BYTE)));

    assertEquals("com.acme.CheckoutWorkflow#charge(java.util.List, byte[])", link.toString());
  }

  @Test
  void writesOneLineJavadocOnOneLine() {
    TypeSpec type =
        TypeSpec.classBuilder("Example")
            .addJavadoc("A class whose javadoc holds\ntwo lines.\n")
            .addField(
                FieldSpec.builder(TypeName.INT, "SHORT")
                    .addJavadoc("Fits.\n")
                    .initializer("1")
                    .build())
            .addField(
                FieldSpec.builder(TypeName.INT, "LONG")
                    .addJavadoc("$L\n", "x".repeat(92))
                    .initializer("2")
                    .build())
            .build();

    String text = GeneratedFiles.render(GeneratedFiles.file("com.acme", type));

    assertTrue(text.contains("/**\n * A class whose javadoc holds\n * two lines.\n */\n"), text);
    assertTrue(text.contains("  /** Fits. */\n  int SHORT = 1;"), text);
    // Would be 101 columns on one line.
    assertTrue(text.contains("  /**\n   * " + "x".repeat(92) + "\n   */\n  int LONG = 2;"), text);
  }

  @Test
  void longLiteralsOutsideTheIntRangeGetASuffix() {
    assertEquals("10000", GeneratedFiles.longLiteral(10_000).toString());
    assertEquals("2147483647", GeneratedFiles.longLiteral(Integer.MAX_VALUE).toString());
    assertEquals("5000000000L", GeneratedFiles.longLiteral(5_000_000_000L).toString());
  }

  @Test
  void castsFromObjectAreUncheckedOnlyWithTypeArgumentsOrVariables() {
    ClassName list = ClassName.get(List.class);
    ClassName order = ClassName.get("com.acme", "Order");

    assertFalse(GeneratedFiles.isUncheckedCast(order));
    assertFalse(GeneratedFiles.isUncheckedCast(TypeName.INT));
    assertFalse(GeneratedFiles.isUncheckedCast(ArrayTypeName.of(TypeName.BYTE)));
    assertFalse(
        GeneratedFiles.isUncheckedCast(
            ParameterizedTypeName.get(list, WildcardTypeName.subtypeOf(Object.class))));
    assertTrue(GeneratedFiles.isUncheckedCast(ParameterizedTypeName.get(list, order)));
    assertTrue(
        GeneratedFiles.isUncheckedCast(
            ParameterizedTypeName.get(list, WildcardTypeName.subtypeOf(order))));
    assertTrue(
        GeneratedFiles.isUncheckedCast(
            ArrayTypeName.of(
                ParameterizedTypeName.get(ClassName.get(Map.class), order, order))));
    assertTrue(GeneratedFiles.isUncheckedCast(TypeVariableName.get("T")));
  }
}
