package dev.durable.runtime.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.type.TypeFactory;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.durable.runtime.spi.Payload;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * Encodes and decodes stored values with Jackson, using the full generic types the processor
 * generated, and validates values whose types carry Jakarta constraints with Hibernate Validator.
 * A workflow's or step's parameters are stored together as one JSON array, in order.
 */
public final class Payloads {
  private final ObjectMapper mapper;
  private final Map<JavaType, JavaType> resolved = new ConcurrentHashMap<>();
  private final Map<JavaType, ObjectReader> readers = new ConcurrentHashMap<>();
  private final Map<JavaType, ObjectWriter> writers = new ConcurrentHashMap<>();
  private volatile Validator validator;

  public Payloads(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  /**
   * The mapper used when none is configured: JDK 8 types ({@code Optional}) and {@code java.time}
   * as ISO text; unknown properties are ignored, so that removing a field from a class does not
   * break the runs that stored it.
   */
  public static ObjectMapper defaultMapper() {
    return new ObjectMapper()
        .registerModule(new Jdk8Module())
        .registerModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
  }

  /** Encodes parameters as a JSON array. */
  public String encodeArgs(List<Payload> params, Object[] args) {
    if (args.length != params.size()) {
      throw new IllegalArgumentException(
          "expected " + params.size() + " arguments, got " + args.length);
    }
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < args.length; i++) {
      json.append(i == 0 ? "" : ",").append(encode(params.get(i), args[i]));
    }
    return json.append(']').toString();
  }

  /** Decodes a JSON array written by {@link #encodeArgs}. */
  public Object[] decodeArgs(List<Payload> params, String json) {
    Object[] args = new Object[params.size()];
    try (JsonParser parser = mapper.createParser(json)) {
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

  /** Encodes one value. */
  public String encode(Payload payload, Object value) {
    try {
      return writer(payload.type()).writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new PayloadException(
          "cannot store " + payload.name() + " as " + payload.type().toCanonical() + ": "
              + message(e),
          e);
    }
  }

  /** Decodes one value. */
  public Object decode(Payload payload, String json) {
    try {
      return reader(payload.type()).readValue(json);
    } catch (IOException e) {
      throw new PayloadException(
          payload.name() + " as " + payload.type().toCanonical() + ": " + message(e), e);
    }
  }

  /**
   * The constraint violations of {@code value}, each naming its field from {@code path}
   * ({@code order.lines[0].quantity: must be greater than 0}), sorted; empty when the payload is
   * not validated or the value is valid.
   */
  public List<String> violations(Payload payload, Object value) {
    if (!payload.validated() || value == null) {
      return List.of();
    }
    List<String> found = new ArrayList<>();
    collect(payload.name(), value, found);
    found.sort(Comparator.naturalOrder());
    return found;
  }

  private void collect(String path, Object value, List<String> found) {
    if (value == null) {
      return;
    }
    if (value instanceof Optional<?> optional) {
      optional.ifPresent(inner -> collect(path, inner, found));
    } else if (value instanceof Collection<?> collection) {
      int i = 0;
      for (Object element : collection) {
        collect(path + "[" + i++ + "]", element, found);
      }
    } else if (value instanceof Map<?, ?> map) {
      map.forEach((key, element) -> collect(path + "[" + key + "]", element, found));
    } else if (value.getClass().isArray()) {
      if (!value.getClass().getComponentType().isPrimitive()) {
        for (int i = 0; i < Array.getLength(value); i++) {
          collect(path + "[" + i + "]", Array.get(value, i), found);
        }
      }
    } else {
      for (ConstraintViolation<Object> violation : validator().validate(value)) {
        String property = violation.getPropertyPath().toString();
        found.add(
            (property.isEmpty() ? path : path + "." + property)
                + ": " + violation.getMessage()
                + " (was " + violation.getInvalidValue() + ")");
      }
    }
  }

  private Validator validator() {
    Validator v = validator;
    if (v == null) {
      synchronized (this) {
        v = validator;
        if (v == null) {
          v =
              Validation.byProvider(HibernateValidator.class)
                  .configure()
                  .messageInterpolator(new ParameterMessageInterpolator())
                  .buildValidatorFactory()
                  .getValidator();
          validator = v;
        }
      }
    }
    return v;
  }

  private ObjectReader reader(JavaType type) {
    return readers.computeIfAbsent(type, t -> mapper.readerFor(resolve(t)));
  }

  private ObjectWriter writer(JavaType type) {
    return writers.computeIfAbsent(type, t -> mapper.writerFor(resolve(t)));
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
