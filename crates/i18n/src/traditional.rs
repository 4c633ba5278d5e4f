//! What is not Taiwan's Traditional Chinese in a text: Simplified-only characters and
//! mainland words. The zh-TW catalog is checked with it, and so is every message of a
//! whole game played in zh-TW (tests/discord_boards.rs), which also holds the texts the
//! catalog does not (character names, board names).

/// Characters only Simplified Chinese writes (none is in Big5, Taiwan's character set):
/// every one the zh-CN catalog uses, other common ones, and those of the anonymous
/// characters' names (`config/characters.toml`).
pub const SIMPLIFIED_ONLY: &str = "\
        丢两严个为举乐产仅从们众会伤侦储兑关内册写军农冲决况冻净减凭击刘则刚创删别剧劝办\
        务动劳势区单卖卢卫却厅历厌县参双发变号叹吗启吴员呜咙响哑唤团园围图圆场块坚坛坠垒\
        声处备够头奖对导将尝层届属带帮库应开弃张弯强归当录态总戏战执扩扫扬抛抢护报担拟拣\
        拥拦择挡挤挥损换搁摆摇敌数无旧时显晓暂术杀杂权条来枪标栏树样档桥梦检楼欢欧残毁毕\
        汇汤沟没泪浅测济浑浓涛润涨渐湾湿溃滚满滤潜灭灯灾炉点烂烟烦热爷牵状犹独狱猎猫环现\
        琐电画畅疗盖盘着睁矿码砖础碍礼秃积称稳穷窃竞笔签简粮紧纠红纤约级纪纯纲纳纵纷纸纹\
        线练组细织终绍经绑结绕绘给络绝统继绩绪续绳维综绿缓编缘缩罗罚罢职联聪肃肠肤肿胁胶\
        脉脏脑脚舰艺节荡荣药获萝营蓝虑虚虽蚀蛮补衬袭装见观规视觉计订认讨让训议讯记讲许论\
        设访证评识诈诉试诗诚话询该详语误诱说请诺读课谁调谅谈谊谋谎谐谓谢谣谦谨谱贝贞负贡\
        财责贤败账货质贩贪贫购贯贴贵贷贸费贺贼资赋赌赏赔赖赚赛赞赠赢趋跃践踪轨转轮软轰轻\
        载较辅辆辈辉辑输辞辩边辽达迁过迈运还这进远违连迟迹选逊递逻遗邮邻酝酱释鉴针钓钟钢\
        钥钮钱钻铁铃铅银铺链销锁锅锋错锤键镇镜长门闪闭问闯闲间闷闹闻阀阁阅阔队阳阴阵阶际\
        陆陈险随隐隶难雾静页顶项顺须顽顾顿预领频颗题颜额风飘饥饭饮饰饱饼饿馆馒马驰驱驳驶\
        驻骂验骑骗骤鱼鲁鲜鸟鸡鸣鸭鹤麦黄齐齿龄龙\
        兰栀莲蔷鸢鹃雏";

/// Characters Big5 has too (rare, or with another meaning), that in these texts would be the
/// Simplified form of another: 麼, 後, 裡, 體, 價, 兒, 機, 構, ….
const SIMPLIFIED_HERE: &str = "么后里体价儿机构柜气确种网胜坏扰洁离荐赶适圣";

/// Words Taiwan's players do not use, with what they write instead: 貼文 or 討論串 for 帖,
/// 訊息 or 資訊 for 信息, 預設, 伺服器, 資料, 選單, 字元, 建立, 連結, 螢幕, 帳號, and 身分
/// (as Discord's zh-TW client writes 身分組).
const MAINLAND_WORDS: [&str; 12] = [
    "帖",
    "信息",
    "默認",
    "服務器",
    "數據",
    "菜單",
    "字符",
    "創建",
    "鏈接",
    "屏幕",
    "賬",
    "身份",
];

/// What in `text` is not Taiwan's Traditional Chinese.
pub fn not_traditional(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .chars()
        .filter(|c| SIMPLIFIED_ONLY.contains(*c) || SIMPLIFIED_HERE.contains(*c))
        .map(String::from)
        .collect();
    found.extend(
        MAINLAND_WORDS
            .iter()
            .filter(|w| text.contains(*w))
            .map(|w| w.to_string()),
    );
    found
}
