/// British and American spellings of one English word ("colour" and "color", "organise" and "organize",
/// "tumour" and "tumor"), as pairs of words: the English stemmer (`Stemmer`) stems each British word's stem to
/// the American one's, so that an article and a question spelled the other way meet, in every inflection
/// ("organisation", "organised" and "organizing" share a term). Snowball's English stemmer keeps them apart.
///
/// Whole words, not rules: "-ise" → "-ize" would turn "precise" and "promise" into words that do not exist,
/// "-our" → "-or" "hour" into "hor". Left out are pairs whose American word is another English word as well
/// ("tyre"/"tire", "storey"/"story", "cheque"/"check", "kerb"/"curb") and "programme", whose stem "programm" is
/// also that of "programmer".
public enum BritishSpelling {
    public static let pairs: [(british: String, american: String)] = [
        // -our / -or
        ("colour", "color"), ("behaviour", "behavior"), ("favour", "favor"), ("favourite", "favorite"), ("honour", "honor"),
        ("labour", "labor"), ("neighbour", "neighbor"), ("flavour", "flavor"), ("humour", "humor"), ("rumour", "rumor"),
        ("vapour", "vapor"), ("harbour", "harbor"), ("armour", "armor"), ("odour", "odor"), ("tumour", "tumor"),
        ("endeavour", "endeavor"), ("saviour", "savior"), ("vigour", "vigor"), ("rigour", "rigor"), ("candour", "candor"),
        ("fervour", "fervor"), ("splendour", "splendor"), ("valour", "valor"), ("clamour", "clamor"), ("parlour", "parlor"),
        // -ise / -ize, -isation / -ization, -yse / -yze
        ("apologise", "apologize"), ("authorise", "authorize"), ("authorisation", "authorization"), ("capitalise", "capitalize"),
        ("categorise", "categorize"), ("centralise", "centralize"), ("characterise", "characterize"), ("civilise", "civilize"),
        ("criticise", "criticize"), ("customise", "customize"), ("customisation", "customization"), ("emphasise", "emphasize"),
        ("finalise", "finalize"), ("formalise", "formalize"), ("generalise", "generalize"), ("generalisation", "generalization"),
        ("harmonise", "harmonize"), ("hospitalise", "hospitalize"), ("hospitalisation", "hospitalization"), ("idealise", "idealize"),
        ("initialise", "initialize"), ("initialisation", "initialization"), ("itemise", "itemize"), ("legalise", "legalize"),
        ("localise", "localize"), ("localisation", "localization"), ("maximise", "maximize"), ("memorise", "memorize"),
        ("minimise", "minimize"), ("mobilise", "mobilize"), ("modernise", "modernize"), ("monopolise", "monopolize"),
        ("normalise", "normalize"), ("normalisation", "normalization"), ("optimise", "optimize"), ("optimisation", "optimization"),
        ("organise", "organize"), ("organisation", "organization"), ("parameterise", "parameterize"), ("parametrise", "parametrize"),
        ("penalise", "penalize"), ("personalise", "personalize"), ("polarise", "polarize"), ("popularise", "popularize"),
        ("prioritise", "prioritize"), ("publicise", "publicize"), ("randomise", "randomize"), ("randomisation", "randomization"),
        ("rationalise", "rationalize"), ("realise", "realize"), ("recognise", "recognize"), ("sanitise", "sanitize"),
        ("serialise", "serialize"), ("serialisation", "serialization"), ("deserialise", "deserialize"), ("specialise", "specialize"),
        ("stabilise", "stabilize"), ("standardise", "standardize"), ("standardisation", "standardization"), ("summarise", "summarize"),
        ("symbolise", "symbolize"), ("sympathise", "sympathize"), ("synchronise", "synchronize"), ("synchronisation", "synchronization"),
        ("tokenise", "tokenize"), ("utilise", "utilize"), ("utilisation", "utilization"), ("virtualise", "virtualize"),
        ("virtualisation", "virtualization"), ("visualise", "visualize"), ("visualisation", "visualization"),
        ("analyse", "analyze"), ("paralyse", "paralyze"), ("catalyse", "catalyze"), ("dialyse", "dialyze"),
        // -ence / -ense, -re / -er, -ogue / -og
        ("licence", "license"), ("defence", "defense"), ("offence", "offense"), ("pretence", "pretense"), ("practise", "practice"),
        ("centre", "center"), ("metre", "meter"), ("litre", "liter"), ("fibre", "fiber"), ("theatre", "theater"),
        ("calibre", "caliber"), ("spectre", "specter"), ("lustre", "luster"), ("sombre", "somber"), ("manoeuvre", "maneuver"),
        ("catalogue", "catalog"), ("dialogue", "dialog"), ("analogue", "analog"), ("monologue", "monolog"),
        // a doubled l before an ending
        ("travelled", "traveled"), ("travelling", "traveling"), ("traveller", "traveler"), ("cancelled", "canceled"),
        ("cancelling", "canceling"), ("labelled", "labeled"), ("labelling", "labeling"), ("modelled", "modeled"),
        ("modelling", "modeling"), ("signalled", "signaled"), ("signalling", "signaling"), ("levelled", "leveled"),
        ("marshalled", "marshaled"), ("marshalling", "marshaling"), ("fuelled", "fueled"), ("channelled", "channeled"),
        ("tunnelling", "tunneling"), ("counsellor", "counselor"), ("jewellery", "jewelry"), ("enrol", "enroll"),
        ("fulfil", "fulfill"), ("skilful", "skillful"), ("wilful", "willful"), ("instalment", "installment"),
        // ae, oe
        ("anaemia", "anemia"), ("anaesthesia", "anesthesia"), ("anaesthetic", "anesthetic"), ("caesarean", "cesarean"),
        ("diarrhoea", "diarrhea"), ("haematology", "hematology"), ("haemoglobin", "hemoglobin"), ("haemorrhage", "hemorrhage"),
        ("leukaemia", "leukemia"), ("oedema", "edema"), ("oesophagus", "esophagus"), ("oestrogen", "estrogen"),
        ("orthopaedic", "orthopedic"), ("paediatric", "pediatric"), ("foetus", "fetus"), ("foetal", "fetal"),
        ("aeroplane", "airplane"), ("encyclopaedia", "encyclopedia"), ("archaeology", "archeology"),
        // others
        ("aluminium", "aluminum"), ("sulphur", "sulfur"), ("sulphate", "sulfate"), ("grey", "gray"), ("plough", "plow"),
        ("mould", "mold"), ("smoulder", "smolder"), ("cosy", "cozy"), ("sceptic", "skeptic"), ("sceptical", "skeptical"),
        ("artefact", "artifact"), ("judgement", "judgment"), ("acknowledgement", "acknowledgment"), ("ageing", "aging"),
        ("learnt", "learned"), ("dreamt", "dreamed"), ("burnt", "burned"), ("moustache", "mustache"), ("pyjamas", "pajamas"),
    ]
}
