// The Python module `referee` (docs/library.md): the library's API as Python objects.
//
//   import referee
//   verdict = referee.verify(open("game.yaml").read(), "game.yaml")
//   print(verdict.status, verdict.totals)
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <referee/referee.h>

namespace py = pybind11;
using namespace referee::api;  // NOLINT: the module's whole subject

namespace {

// One verdict for one record; a text of several records (JSON Lines) is verify_stream's.
Verdict VerifyOne(const std::string& text, const std::string& name) {
  std::vector<Verdict> verdicts = Verify(text, name);
  if (verdicts.size() != 1) {
    throw py::value_error("expected one record, found " + std::to_string(verdicts.size()) +
                          " (use verify_stream for JSON Lines and YAML streams)");
  }
  return std::move(verdicts.front());
}

Standings Compute(const std::string& league, const std::vector<RecordText>& records,
                  const std::string& format) {
  Standings standings = ComputeStandings(league, records, format);
  if (!standings.error.empty()) throw py::value_error(standings.error);
  return standings;
}

}  // namespace

PYBIND11_MODULE(referee, module) {
  module.doc() = "Verify card-game records, referee live play, compute league standings.";
  module.attr("__version__") = Version();
  module.attr("VERDICT_FORMAT") = VerdictFormat();

  py::class_<Place>(module, "Place")
      .def_readonly("path", &Place::path)
      .def_readonly("line", &Place::line)
      .def_readonly("column", &Place::column)
      .def_readonly("deal", &Place::deal)
      .def_readonly("trick", &Place::trick)
      .def_readonly("turn", &Place::turn)
      .def_readonly("actor", &Place::actor)
      .def_readonly("card", &Place::card);
  py::class_<Value>(module, "Value")
      .def_readonly("number", &Value::number)
      .def_readonly("words", &Value::words)
      .def("__repr__", [](const Value& v) {
        if (v.number) return "<Value " + std::to_string(*v.number) + ">";
        std::string words;
        for (const std::string& word : v.words) words += (words.empty() ? "" : " ") + word;
        return "<Value " + words + ">";
      });
  py::class_<Finding>(module, "Finding")
      .def_readonly("code", &Finding::code)
      .def_readonly("severity", &Finding::severity)
      .def_readonly("place", &Finding::place)
      .def_readonly("message", &Finding::message)
      .def_readonly("expected", &Finding::expected)
      .def_readonly("found", &Finding::found)
      .def("__repr__",
           [](const Finding& f) { return "<Finding " + f.code + ": " + f.message + ">"; });
  py::class_<Statistic>(module, "Statistic")
      .def_readonly("name", &Statistic::name)
      .def_readonly("values", &Statistic::values);
  py::class_<DealScore>(module, "DealScore")
      .def_readonly("deal", &DealScore::deal)
      .def_readonly("board", &DealScore::board)
      .def_readonly("points", &DealScore::points)
      .def_readonly("label", &DealScore::label)
      .def_readonly("void_deal", &DealScore::void_deal)
      .def_readonly("statistics", &DealScore::statistics);
  py::class_<Fact>(module, "Fact")
      .def_readonly("key", &Fact::key)
      .def_readonly("value", &Fact::value);
  py::class_<Side>(module, "Side")
      .def_readonly("actors", &Side::actors)
      .def_readonly("total", &Side::total)
      .def_readonly("place", &Side::place)
      .def_readonly("won", &Side::won)
      .def_readonly("drew", &Side::drew)
      .def_readonly("statistics", &Side::statistics);
  py::class_<Verdict>(module, "Verdict")
      .def_readonly("source", &Verdict::source)
      .def_readonly("record", &Verdict::record)
      .def_readonly("status", &Verdict::status)
      .def_readonly("game", &Verdict::game)
      .def_readonly("findings", &Verdict::findings)
      .def_readonly("events_checked", &Verdict::events_checked)
      .def_readonly("events_unchecked", &Verdict::events_unchecked)
      .def_readonly("units", &Verdict::units)
      .def_readonly("deals", &Verdict::deals)
      .def_readonly("totals", &Verdict::totals)
      .def_readonly("over", &Verdict::over)
      .def_readonly("summary", &Verdict::summary)
      .def_readonly("facts", &Verdict::facts)
      .def_readonly("sides", &Verdict::sides)
      .def_readonly("json", &Verdict::json)
      .def("__repr__",
           [](const Verdict& v) { return "<Verdict " + v.status + " " + v.game + ">"; });

  module.def("verify", &VerifyOne, py::arg("text"), py::arg("name") = "record",
             "The verdict on one record given as YAML or JSON text.");
  module.def("verify_stream", &Verify, py::arg("text"), py::arg("name") = "record",
             "The verdicts on every record of a text: one for JSON, one per YAML document, one "
             "per line for JSON Lines.");

  py::class_<LiveTable>(module, "LiveTable")
      .def(py::init<>())
      .def("handle", &LiveTable::Handle, py::arg("line"),
           "The reply (a JSON object, as text) to one line: the header first, then events.")
      .def_property_readonly("started", &LiveTable::Started)
      .def_property_readonly("over", &LiveTable::Over)
      .def("record", &LiveTable::Record, "The accepted events as a record, in YAML.")
      .def("verdict", &LiveTable::Verdict, "The verdict on that record; None before a header.");

  py::class_<RecordText>(module, "RecordText")
      .def(py::init<std::string, std::string, std::optional<std::string>>(), py::arg("name"),
           py::arg("text"), py::arg("round") = py::none())
      .def_readonly("name", &RecordText::name)
      .def_readonly("round", &RecordText::round);
  module.def(
      "standings",
      [](const std::string& league, const std::vector<RecordText>& records,
         const std::string& format) { return Compute(league, records, format).output; },
      py::arg("league"), py::arg("records"), py::arg("format") = "json",
      "League standings from a league file's text and the records, in a format of `referee "
      "standings --format`. Raises ValueError for a league file that cannot be used.");
}
