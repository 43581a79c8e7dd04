package dev.durable.runtime.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.StoredText;
import dev.durable.runtime.spi.Payload;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Encodes and decodes stored values with Jackson, using the full generic types the processor
 * generated, and validates values whose types carry Jakarta constraints with Hibernate Validator.
 * A workflow's or step's parameters are stored together as one JSON array, in order.
 *
 * <p>What is stored is checked where it enters: an encoded value longer than the payload limit
 * (in UTF-8 bytes of its JSON) is refused with a {@link PayloadException}. Decoding accepts any
 * length, so that whatever was stored, under this limit or an earlier, larger one, can be read
 * back: Jackson's own read limits (20 million characters in a string, 1,000 digits in a number,
 * 50,000 in a field name) are lifted on the parsers made here.
 *
 * <p>An unpaired UTF-16 surrogate in a string (a {@code String} cut inside an emoji has one) is
 * written as a JSON escape (<code>&#92;ud83d</code>), which decodes to the same {@code char}: the
 * raw character is not text a database can store, and PostgreSQL's driver would write it as
 * {@code ?}. Jackson does not read such an escape in a field name, so a map key holding one is
 * refused. Either way a value is stored exactly or refused where it enters, never altered.
 */
public final class Payloads {
  private final ObjectMapper mapper;
  /**
   * The mapper's factory, copied: every parser and generator here is made by it. Its read limits
   * are lifted (see above), and its buffers are shared by the threads that encode and decode,
   * taken and given back around each value: Jackson's default keeps them in a thread local, about
   * 16 KiB for each thread that ever encoded a value, and each run executes on a virtual thread of
   * its own, which would hold them for as long as its step waits (100,000 runs in flight: 1.6 GB).
   * The mapper itself, perhaps the application's own, is left as it is.
   */
  private final JsonFactory factory;
  private final int maxPayloadBytes;
  private final Map<JavaType, JavaType> resolved = new ConcurrentHashMap<>();
  private final Map<JavaType, ObjectReader> readers = new ConcurrentHashMap<>();
  private final Map<JavaType, ObjectWriter> writers = new ConcurrentHashMap<>();
  private final Constraints constraints = new Constraints();
  private final StoredForm form;

  /**
   * @param maxPayloadBytes the longest encoded value stored, in UTF-8 bytes of its JSON
   */
  public Payloads(ObjectMapper mapper, int maxPayloadBytes) {
    this(mapper, maxPayloadBytes, StoredForm.plain());
  }

  /**
   * @param maxPayloadBytes the longest encoded value stored, in UTF-8 bytes of its JSON (before
   *     {@code form}'s codec, if any, encodes it)
   * @param form how the JSON is stored: as it is, or through a payload codec
   */
  public Payloads(ObjectMapper mapper, int maxPayloadBytes, StoredForm form) {
    this.mapper = mapper;
    this.form = form;
    this.maxPayloadBytes = EngineConfig.requirePayloadLimit(maxPayloadBytes);
    this.factory = mapper.getFactory().copy();
    // as the mapper's own factory has it, for custom (de)serializers that reach for it
    this.factory.setCodec(mapper);
    this.factory.setRecyclerPool(JsonRecyclerPools.newConcurrentDequePool());
    this.factory.setStreamReadConstraints(
        StreamReadConstraints.builder()
            .maxStringLength(Integer.MAX_VALUE)
            .maxNameLength(Integer.MAX_VALUE)
            .maxNumberLength(Integer.MAX_VALUE)
            // one level more than a value may be written with: the array around the arguments
            .maxNestingDepth(mapper.getFactory().streamWriteConstraints().getMaxNestingDepth() + 1)
            .build());
  }

  /** The longest encoded value stored, in UTF-8 bytes of its JSON. */
  public int maxPayloadBytes() {
    return maxPayloadBytes;
  }

  /**
   * The mapper used when none is configured ({@link EngineConfig#defaultObjectMapper()}, which says
   * what it does): JDK 8 types ({@code Optional}) and {@code java.time} as ISO text, and strict
   * decoding, so that a stored value whose type changed since fails to decode instead of turning
   * into a wrong value. Start from it to keep those settings in a mapper of your own. A new one
   * each call.
   */
  public static ObjectMapper defaultMapper() {
    return EngineConfig.defaultObjectMapper();
  }

  /** How the encoded values are stored: as their JSON, or through a payload codec. */
  public StoredForm form() {
    return form;
  }

  /**
   * Encodes parameters as a JSON array, stored in this {@link #form()}.
   *
   * @throws PayloadCodecException if the payload codec refuses it
   */
  public String encodeArgs(List<Payload> params, Object[] args) {
    return form.seal(checked(describe(params), encodeArgsUnchecked(params, args)));
  }

  /** {@link #encodeArgs} without the payload limit. */
  private String encodeArgsUnchecked(List<Payload> params, Object[] args) {
    if (args.length != params.size()) {
      throw new IllegalArgumentException(
          "expected " + params.size() + " arguments, got " + args.length);
    }
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < args.length; i++) {
      json.append(i == 0 ? "" : ",").append(encodeUnchecked(params.get(i), args[i]));
    }
    return json.append(']').toString();
  }

  /**
   * How {@code args} differ from the arguments {@code stored} by {@link #encodeArgs}, if they do:
   * both as JSON, shortened; empty when they are the same. The same means the same JSON text, or
   * the same JSON values with object fields in another order, or the same once each is decoded
   * into the parameters' types and encoded again (a {@code Set.of} iterates in another order in
   * each JVM). The limit is not applied: it may have been lowered since the arguments were stored.
   *
   * @throws PayloadCodecException if the stored arguments cannot be decoded by the payload codec
   */
  public Optional<String> argsDiffer(List<Payload> params, Object[] args, String sealed) {
    String stored = form.open(sealed);
    String now;
    try {
      now = encodeArgsUnchecked(params, args);
    } catch (PayloadException e) {
      return Optional.of("the arguments cannot be encoded now: " + e.getMessage());
    }
    if (now.equals(stored) || sameTree(now, stored)
        || sameTree(normalized(params, now), normalized(params, stored))) {
      return Optional.empty();
    }
    return Optional.of("called with " + shortened(now) + ", recorded " + shortened(stored));
  }

  private boolean sameTree(String a, String b) {
    if (a == null || b == null) {
      return false;
    }
    try (JsonParser left = factory.createParser(a); JsonParser right = factory.createParser(b)) {
      JsonNode leftTree = mapper.readTree(left);
      return leftTree != null && leftTree.equals(mapper.readTree(right));
    } catch (IOException e) {
      return false;
    }
  }

  /** The arguments decoded into the parameters' types and encoded again; null if they fail to. */
  private String normalized(List<Payload> params, String json) {
    try {
      return encodeArgsUnchecked(params, decodeJsonArgs(params, json));
    } catch (PayloadException | IllegalArgumentException e) {
      return null;
    }
  }

  private static String shortened(String json) {
    int max = 200;
    return json.length() <= max
        ? json
        : json.substring(0, max) + "... (" + json.length() + " characters)";
  }

  /**
   * Decodes a JSON array written by {@link #encodeArgs}.
   *
   * @throws PayloadCodecException if the payload codec cannot decode it (an unknown key), a
   *     {@link PayloadException} if the JSON does not fit the parameters
   */
  public Object[] decodeArgs(List<Payload> params, String stored) {
    return decodeJsonArgs(params, form.open(stored));
  }

  private Object[] decodeJsonArgs(List<Payload> params, String json) {
    Object[] args = new Object[params.size()];
    try (JsonParser parser = factory.createParser(json)) {
      if (parser.nextToken() != JsonToken.START_ARRAY) {
        throw new IOException("expected a JSON array of " + params.size() + " values");
      }
      for (int i = 0; i < args.length; i++) {
        if (parser.nextToken() == JsonToken.END_ARRAY) {
          throw new IOException(
              "expected " + params.size() + " values, found " + i + "; a parameter was added");
        }
        args[i] = reader(params.get(i).type()).readValue(parser);
      }
      if (parser.nextToken() != JsonToken.END_ARRAY) {
        throw new IOException("more values than the " + params.size() + " parameters");
      }
      return args;
    } catch (IOException e) {
      throw new PayloadException(describe(params) + ": " + message(e), e);
    }
  }

  /**
   * Encodes one value, stored in this {@link #form()}.
   *
   * @throws PayloadCodecException if the payload codec refuses it
   */
  public String encode(Payload payload, Object value) {
    return form.seal(checked(payload.name(), encodeUnchecked(payload, value)));
  }

  private String encodeUnchecked(Payload payload, Object value) {
    String json;
    try {
      json = writer(payload.type()).writeValueAsString(value);
    } catch (JsonProcessingException e) {
      // a type Jackson cannot write at all ("No serializer found") is named, no value quoted
      throw new PayloadException(
          "cannot store " + payload.name() + " as " + payload.type().toCanonical() + ": "
              + message(e),
          e, !(e instanceof InvalidDefinitionException));
    }
    // Jackson writes a string's characters as they are (control characters escaped), and outside
    // strings JSON is ASCII: every lone surrogate is in a string, where its escape stands for it
    String escaped = StoredText.escaped(json);
    if (escaped != json) {
      requireReadable(payload, escaped);
    }
    return escaped;
  }

  /**
   * Refuses a value whose escaped surrogates Jackson would not read back: it reads them in strings
   * but not in field names (map keys).
   */
  private void requireReadable(Payload payload, String json) {
    try (JsonParser parser = factory.createParser(json)) {
      while (parser.nextToken() != null) {
        // read every token
      }
    } catch (IOException e) {
      throw new PayloadException(
          "cannot store " + payload.name() + " as " + payload.type().toCanonical() + ": a map key"
              + " holds an unpaired UTF-16 surrogate, which cannot be stored (" + message(e)
              + "); a string cut inside a character has one: cut it at a code point boundary",
          e);
    }
  }

  /**
   * Decodes one value.
   *
   * @throws PayloadCodecException if the payload codec cannot decode it (an unknown key), a
   *     {@link PayloadException} if the JSON does not fit the type
   */
  public Object decode(Payload payload, String stored) {
    String json = form.open(stored);
    try (JsonParser parser = factory.createParser(json)) {
      return reader(payload.type()).readValue(parser);
    } catch (IOException e) {
      throw new PayloadException(
          payload.name() + " as " + payload.type().toCanonical() + ": " + message(e), e);
    }
  }

  /**
   * {@code json}, if its UTF-8 encoding is within the payload limit.
   *
   * @throws PayloadException naming {@code what}, the size and the limit, and what to do
   */
  private String checked(String what, String json) {
    long bytes = utf8Length(json);
    if (bytes > maxPayloadBytes) {
      throw new PayloadException(
          what + ": " + bytes + " bytes of JSON, over the payload limit of " + maxPayloadBytes
              + " bytes; pass a reference to the data instead (an object-store key, a row id)"
              + " and load it inside a step, or raise the limit with"
              + " DurableEngine.Builder.maxPayloadBytes",
          null);
    }
    return json;
  }

  /** The length of {@code text} in UTF-8, where a surrogate pair takes four bytes. */
  private static long utf8Length(String text) {
    long bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)) {
        bytes += 4; // StoredText.escaped left only pairs
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /**
   * The constraint violations of {@code value}, each naming its field from the payload's name
   * ({@code order.lines[0].quantity: must be greater than 0}), sorted; empty when the payload is
   * not validated or the value is valid.
   */
  public List<String> violations(Payload payload, Object value) {
    return constraints.violations(payload, value);
  }

  private ObjectReader reader(JavaType type) {
    return readers.computeIfAbsent(type, t -> mapper.readerFor(resolve(t)));
  }

  private ObjectWriter writer(JavaType type) {
    return writers.computeIfAbsent(type, t -> mapper.writerFor(resolve(t)).with(factory));
  }

  /**
   * The generated type rebuilt by this mapper's type factory, so that its modules' type modifiers
   * apply (the JDK 8 module makes {@code Optional<T>} a reference type only through them).
   */
  private JavaType resolve(JavaType generated) {
    JavaType known = resolved.get(generated);
    if (known != null) {
      return known;
    }
    TypeFactory types = mapper.getTypeFactory();
    JavaType rebuilt;
    if (generated.isArrayType()) {
      rebuilt = types.constructArrayType(resolve(generated.getContentType()));
    } else {
      List<JavaType> parameters = generated.getBindings().getTypeParameters();
      rebuilt =
          parameters.isEmpty()
              ? types.constructType(generated.getRawClass())
              : types.constructParametricType(
                  generated.getRawClass(),
                  parameters.stream().map(this::resolve).toArray(JavaType[]::new));
    }
    resolved.put(generated, rebuilt);
    return rebuilt;
  }

  private static String describe(List<Payload> params) {
    StringBuilder text = new StringBuilder("parameters (");
    for (int i = 0; i < params.size(); i++) {
      text.append(i == 0 ? "" : ", ")
          .append(params.get(i).type().toCanonical())
          .append(' ')
          .append(params.get(i).name());
    }
    return text.append(')').toString();
  }

  private static String message(IOException e) {
    return e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
  }
}
