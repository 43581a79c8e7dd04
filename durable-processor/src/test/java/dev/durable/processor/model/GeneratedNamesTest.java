package dev.durable.processor.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.durable.processor.model.StoredType.Array;
import dev.durable.processor.model.StoredType.Declared;
import dev.durable.processor.model.StoredType.Primitive;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GeneratedNamesTest {
  private static final Declared STRING = Declared.of(ClassName.get(String.class));
  private static final Declared ORDER = Declared.of(ClassName.get("com.acme", "Order"));
  private static final Declared OTHER_ORDER = Declared.of(ClassName.get("com.other", "Order"));

  @ParameterizedTest
  @CsvSource({
    "fetchQuote, FETCH_QUOTE",
    "Order, ORDER",
    "HTTPRequest, HTTP_REQUEST",
    "parseHTTPResponse2, PARSE_HTTP_RESPONSE2",
    "Base64Codec, BASE64_CODEC",
    "order.charge-v2, ORDER_CHARGE_V2",
    "ns:step, NS_STEP",
    "already_SNAKE, ALREADY_SNAKE",
    "com.acme, COM_ACME",
  })
  void upperSnake(String name, String expected) {
    assertEquals(expected, GeneratedNames.upperSnake(name));
  }

  @Test
  void generatedClassesOfANestedWorkflowAreTopLevelInItsPackage() {
    GeneratedNames names = GeneratedNames.of(ClassName.get("com.acme", "Outer", "Inner"));

    assertEquals(ClassName.get("com.acme", "Outer_InnerDurable"), names.durable());
    assertEquals(ClassName.get("com.acme", "Outer_InnerClient"), names.client());
    assertEquals(ClassName.get("com.acme", "Outer_InnerCodecs"), names.codecs());
  }

  @Test
  void stepConstantsThatClashGetSuffixes() {
    List<String> names =
        GeneratedNames.stepConstants(
            steps("fetchQuote", "fetch-quote", "fetch.quote", "workflow", "1st", "charge"));

    assertEquals(
        List.of(
            "FETCH_QUOTE",
            "FETCH_QUOTE_STEP",
            "FETCH_QUOTE_2",
            "WORKFLOW_STEP",
            "STEP_1ST",
            "CHARGE"),
        names);
  }

  @Test
  void codecConstantsComeInOrderOfFirstAppearanceComponentsFirst() {
    Declared map = new Declared(ClassName.get(Map.class), List.of(STRING, ORDER), true);
    Declared list = new Declared(ClassName.get(List.class), List.of(map), false);

    Map<StoredType, String> names = GeneratedNames.codecConstants(List.of(ORDER, list, STRING));

    assertEquals(
        List.of(
            entry(ORDER, "ORDER"),
            entry(STRING, "STRING"),
            entry(map, "MAP_OF_STRING_TO_ORDER"),
            entry(list, "LIST_OF_MAP_OF_STRING_TO_ORDER")),
        List.copyOf(names.entrySet()));
  }

  @Test
  void codecConstantsOfArraysAndOfTypesWithSeveralArguments() {
    Declared pair =
        new Declared(ClassName.get("com.acme", "Pair"), List.of(STRING, ORDER), false);
    Array bytes = new Array(new Primitive(TypeName.BYTE));
    Array grid = new Array(new Array(ORDER));
    Declared nested = Declared.of(ClassName.get("com.acme", "Outer", "Inner"));

    Map<StoredType, String> names =
        GeneratedNames.codecConstants(List.of(pair, bytes, grid, nested));

    assertEquals("PAIR_OF_STRING_AND_ORDER", names.get(pair));
    assertEquals("BYTE_ARRAY", names.get(bytes));
    assertEquals("ORDER_ARRAY_ARRAY", names.get(grid));
    assertEquals("OUTER_INNER", names.get(nested));
    // A primitive component has no constant of its own.
    assertEquals(7, names.size());
  }

  @Test
  void aClashBetweenTwoTypesQualifiesTheLaterOne() {
    Declared types = Declared.of(ClassName.get("com.acme", "Types"));
    Declared list = new Declared(ClassName.get(List.class), List.of(OTHER_ORDER), false);

    Map<StoredType, String> names = GeneratedNames.codecConstants(List.of(ORDER, list, types));

    assertEquals("ORDER", names.get(ORDER));
    assertEquals("COM_OTHER_ORDER", names.get(OTHER_ORDER));
    assertEquals("LIST_OF_COM_OTHER_ORDER", names.get(list));
    // TYPES is the TypeFactory constant.
    assertEquals("COM_ACME_TYPES", names.get(types));
  }

  @Test
  void aClashThatQualifyingDoesNotSolveIsNumbered() {
    Declared listOfOrder = new Declared(ClassName.get(List.class), List.of(ORDER), false);
    Declared named = Declared.of(ClassName.get("", "ListOfOrder"));

    Map<StoredType, String> names = GeneratedNames.codecConstants(List.of(listOfOrder, named));

    assertEquals("LIST_OF_ORDER", names.get(listOfOrder));
    assertEquals("LIST_OF_ORDER_2", names.get(named));
  }

  @Test
  void unusedNameAppendsUnderscores() {
    assertEquals("stepContext", GeneratedNames.unusedName("stepContext", List.of("order")));
    assertEquals(
        "stepContext__",
        GeneratedNames.unusedName("stepContext", List.of("stepContext", "stepContext_")));
  }

  private static Map.Entry<StoredType, String> entry(StoredType type, String name) {
    return Map.entry(type, name);
  }

  private static List<StepModel> steps(String... names) {
    List<StepModel> steps = new ArrayList<>();
    for (String name : names) {
      steps.add(
          new StepModel(
              "m",
              name,
              Visibility.PUBLIC,
              List.of(),
              List.of(),
              false,
              TypeRef.VOID,
              List.of(),
              RetryPolicy.DEFAULT,
              0,
              List.of(),
              false,
              0,
              10,
              0,
              "",
              Optional.empty()));
    }
    return steps;
  }
}
