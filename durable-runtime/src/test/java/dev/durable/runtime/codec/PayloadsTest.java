package dev.durable.runtime.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.runtime.spi.Payload;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The default mapper's strict decoding, the payload limit, and odd strings. */
class PayloadsTest {
  private static final TypeFactory TYPES = TypeFactory.defaultInstance();

  enum Carrier { POST, COURIER }

  record Quote(String sku, long cents) {}

  record Later(String sku, long cents, Optional<String> note, String memo) {}

  private final Payloads payloads = new Payloads(Payloads.defaultMapper(), 1000);

  private static Payload payload(Type type) {
    return new Payload("result", TYPES.constructType(type), false);
  }

  private static Payload payload(String name, JavaType type) {
    return new Payload(name, type, false);
  }

  @ParameterizedTest(name = "{1} as {0}")
  @CsvSource(delimiter = '|', value = {
      "boolean | 312",
      "boolean | 0",
      "boolean | '\"true\"'",
      "int     | '\"312\"'",
      "int     | 312.5",
      "int     | true",
      "int     | null",
      "long    | 2.0",
      "double  | '\"0.5\"'",
      "double  | false",
      "String  | 312",
      "String  | 0.5",
      "String  | true",
      "Carrier | 1",
      "LocalDate | 20000",
      "Quote   | '{\"sku\":\"pen\"}'",
      "Quote   | '{\"sku\":\"pen\",\"cents\":null}'",
      "Quote   | '{\"sku\":\"pen\",\"cents\":\"250\"}'",
      "Quote   | '{\"sku\":1,\"cents\":250}'",
      "Quote   | '[{\"sku\":\"pen\",\"cents\":250}]'",
  })
  void aStoredValueOfAnotherKindIsNotCoerced(String type, String stored) {
    Type target = switch (type) {
      case "boolean" -> boolean.class;
      case "int" -> int.class;
      case "long" -> long.class;
      case "double" -> double.class;
      case "String" -> String.class;
      case "Carrier" -> Carrier.class;
      case "LocalDate" -> java.time.LocalDate.class;
      default -> Quote.class;
    };
    assertThrows(PayloadException.class, () -> payloads.decode(payload(target), stored));
  }

  @Test
  void compatibleChangesStillDecode() {
    assertEquals(312.0, payloads.decode(payload(double.class), "312"), "a widening");
    assertEquals(312L, payloads.decode(payload(long.class), "312"));
    assertEquals(new Quote("pen", 250),
        payloads.decode(payload(Quote.class), "{\"cents\":250,\"sku\":\"pen\",\"gone\":1}"),
        "another order, and a field removed since");
    assertEquals(new Later("pen", 250, Optional.empty(), null),
        payloads.decode(payload(Later.class), "{\"sku\":\"pen\",\"cents\":250}"),
        "an Optional or a reference field added since");
    assertEquals(Carrier.COURIER, payloads.decode(payload(Carrier.class), "\"COURIER\""));
    java.time.Instant at = java.time.Instant.parse("2026-01-02T03:04:05.678Z");
    assertEquals(at, payloads.decode(payload(java.time.Instant.class),
        payloads.encode(payload(java.time.Instant.class), at)));
    assertEquals(java.time.Duration.ofMinutes(90), payloads.decode(
        payload(java.time.Duration.class), "\"PT1H30M\""));
    assertEquals(java.time.LocalDate.of(2026, 2, 28), payloads.decode(
        payload(java.time.LocalDate.class), "\"2026-02-28\""));
  }

  @Test
  void loneSurrogatesAreEscapedAndDecodeToTheSameString() {
    String text = "cut \uD83D, \uDE00, whole \uD83D\uDE00, \\\uDE00";
    String json = payloads.encode(payload(String.class), text);
    assertEquals("\"cut \\ud83d, \\ude00, whole \uD83D\uDE00, \\\\\\ude00\"", json);
    assertEquals(text, payloads.decode(payload(String.class), json));
    Map<String, String> valued = Map.of("k", "v\uD800");
    Payload map = payload("map", TYPES.constructMapType(Map.class, String.class, String.class));
    assertEquals(valued, payloads.decode(map, payloads.encode(map, valued)));
  }

  @Test
  void aLoneSurrogateInAMapKeyIsRefusedAsJacksonCannotReadItBack() {
    Payload map = payload("map", TYPES.constructMapType(Map.class, String.class, String.class));
    PayloadException refused = assertThrows(PayloadException.class,
        () -> payloads.encode(map, Map.of("k\uD800", "v")));
    assertTrue(refused.getMessage().contains("a map key holds an unpaired UTF-16 surrogate"),
        refused.getMessage());
  }

  @Test
  void aValueOverTheLimitIsRefusedSayingItsSizeAndWhatToDo() {
    Payload text = payload(String.class);
    assertEquals(1000, payloads.encode(text, "x".repeat(998)).length(), "at the limit");
    PayloadException over =
        assertThrows(PayloadException.class, () -> payloads.encode(text, "x".repeat(999)));
    assertEquals("result: 1001 bytes of JSON, over the payload limit of 1000 bytes; pass a"
        + " reference to the data instead (an object-store key, a row id) and load it inside a"
        + " step, or raise the limit with DurableEngine.Builder.maxPayloadBytes",
        over.getMessage());
    assertThrows(PayloadException.class, () -> payloads.encode(text, "é".repeat(500)),
        "counted in UTF-8 bytes: 1002");
    assertThrows(PayloadException.class, () -> payloads.encodeArgs(
        List.of(payload("a", TYPES.constructType(String.class)),
            payload("b", TYPES.constructType(String.class))),
        new Object[] {"x".repeat(500), "y".repeat(500)}), "the arguments together");
  }

  @Test
  void whateverTheLimitLetsThroughDecodesBeyondJacksonsDefaultReadLimits() {
    Payloads large = new Payloads(Payloads.defaultMapper(), 32 << 20);
    String text = "x".repeat(20_000_001); // Jackson reads at most 20,000,000 by default
    assertEquals(text, large.decode(payload(String.class), large.encode(payload(String.class),
        text)));
    Payload map = payload("map", TYPES.constructMapType(Map.class, String.class, Integer.class));
    Map<String, Integer> longName = Map.of("k".repeat(60_000), 1);
    assertEquals(longName, large.decode(map, large.encode(map, longName)));
    Payload number = payload(java.math.BigInteger.class);
    java.math.BigInteger big = new java.math.BigInteger("9".repeat(2_000));
    assertEquals(big, large.decode(number, large.encode(number, big)));
  }

  @Test
  void argumentsDifferOnlyWhenTheirValuesDo() {
    List<Payload> params = List.of(
        payload("tags", TYPES.constructMapType(Map.class, String.class, Integer.class)),
        payload("ids", TYPES.constructCollectionType(Set.class, String.class)));
    Map<String, Integer> ab = new LinkedHashMap<>();
    ab.put("a", 1);
    ab.put("b", 2);
    Map<String, Integer> ba = new LinkedHashMap<>();
    ba.put("b", 2);
    ba.put("a", 1);
    String stored = payloads.encodeArgs(params, new Object[] {ab, Set.of("x")});
    assertEquals(Optional.empty(), payloads.argsDiffer(params, new Object[] {ab, Set.of("x")},
        stored));
    assertEquals(Optional.empty(), payloads.argsDiffer(params, new Object[] {ba, Set.of("x")},
        stored), "object fields in another order");
    String set = "[{},[\"q\",\"p\",\"r\"]]";
    assertEquals(Optional.empty(), payloads.argsDiffer(params,
        new Object[] {Map.of(), new java.util.TreeSet<>(Set.of("p", "q", "r"))}, set),
        "a set's elements in another order");
    assertEquals(Optional.of("called with [{\"a\":1,\"b\":3},[\"x\"]], recorded"
            + " [{\"a\":1,\"b\":2},[\"x\"]]"),
        payloads.argsDiffer(params, new Object[] {Map.of("a", 1, "b", 3), Set.of("x")}, stored)
            .map(d -> d.replace("{\"b\":3,\"a\":1}", "{\"a\":1,\"b\":3}")));
    assertTrue(payloads.argsDiffer(params, new Object[] {ab, Set.of("y")}, stored).isPresent());
  }

  @Test
  void decodedArgumentsMatchTheirParameters() {
    List<Payload> params = List.of(payload("n", TYPES.constructType(int.class)));
    assertArrayEquals(new Object[] {3}, payloads.decodeArgs(params, "[3]"));
    assertThrows(PayloadException.class, () -> payloads.decodeArgs(params, "[true]"));
  }
}
